/** The tables of SPEC §3 "Local tables", with their keys and unique indexes. */
import type { LocalMigration } from '../migrate.ts'

export const m0000_init: LocalMigration = {
  tag: '0000_init',
  statements: [
    `CREATE TABLE feeds (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      url TEXT NOT NULL,
      description TEXT,
      image TEXT,
      errorAt TEXT,
      siteUrl TEXT,
      ownerUserId TEXT,
      errorMessage TEXT,
      subscriptionCount INTEGER,
      updatesPerWeek INTEGER,
      latestEntryPublishedAt TEXT,
      tipUserIds TEXT,
      updatedAt TEXT
    )`,
    `CREATE TABLE subscriptions (
      id TEXT PRIMARY KEY NOT NULL,
      feedId TEXT,
      listId TEXT,
      inboxId TEXT,
      userId TEXT NOT NULL,
      view INTEGER NOT NULL,
      isPrivate INTEGER NOT NULL,
      hideFromTimeline INTEGER,
      title TEXT,
      category TEXT,
      createdAt TEXT,
      type TEXT NOT NULL
    )`,
    `CREATE INDEX subscriptions_view_idx ON subscriptions (view)`,
    `CREATE TABLE inboxes (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      secret TEXT NOT NULL
    )`,
    `CREATE TABLE lists (
      id TEXT PRIMARY KEY NOT NULL,
      userId TEXT,
      title TEXT NOT NULL,
      feedIds TEXT,
      description TEXT,
      view INTEGER NOT NULL,
      image TEXT,
      fee INTEGER DEFAULT 0,
      ownerUserId TEXT,
      subscriptionCount INTEGER,
      purchaseAmount TEXT
    )`,
    `CREATE TABLE unread (
      id TEXT PRIMARY KEY NOT NULL,
      count INTEGER NOT NULL
    )`,
    `CREATE TABLE users (
      id TEXT PRIMARY KEY NOT NULL,
      email TEXT,
      handle TEXT,
      name TEXT,
      image TEXT,
      isMe INTEGER,
      emailVerified INTEGER,
      bio TEXT,
      website TEXT,
      socialLinks TEXT
    )`,
    `CREATE TABLE entries (
      id TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      url TEXT,
      content TEXT,
      readabilityContent TEXT,
      readabilityUpdatedAt TEXT,
      description TEXT,
      guid TEXT NOT NULL,
      author TEXT,
      authorUrl TEXT,
      authorAvatar TEXT,
      insertedAt TEXT NOT NULL,
      publishedAt TEXT NOT NULL,
      media TEXT,
      categories TEXT,
      attachments TEXT,
      extra TEXT,
      language TEXT,
      feedId TEXT,
      inboxHandle TEXT,
      read INTEGER,
      sources TEXT,
      settings TEXT
    )`,
    `CREATE INDEX entries_feed_published_idx ON entries (feedId, publishedAt)`,
    `CREATE INDEX entries_inbox_published_idx ON entries (inboxHandle, publishedAt)`,
    `CREATE INDEX entries_published_idx ON entries (publishedAt)`,
    `CREATE TABLE collections (
      entryId TEXT PRIMARY KEY NOT NULL,
      feedId TEXT,
      createdAt TEXT,
      view INTEGER NOT NULL
    )`,
    `CREATE TABLE summaries (
      entryId TEXT NOT NULL,
      summary TEXT NOT NULL,
      readabilitySummary TEXT,
      createdAt TEXT,
      language TEXT,
      lastAccessed TEXT
    )`,
    `CREATE UNIQUE INDEX summaries_entry_language_unique ON summaries (entryId, language)`,
    `CREATE TABLE translations (
      entryId TEXT NOT NULL,
      language TEXT NOT NULL,
      title TEXT,
      description TEXT,
      content TEXT,
      readabilityContent TEXT,
      createdAt TEXT NOT NULL
    )`,
    `CREATE UNIQUE INDEX translations_entry_language_unique ON translations (entryId, language)`,
    `CREATE TABLE images (
      url TEXT PRIMARY KEY NOT NULL,
      colors TEXT NOT NULL,
      createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`,
    `CREATE TABLE image_dimensions (
      src TEXT NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      ratio REAL,
      blurhash TEXT,
      createdAt TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`,
    `CREATE UNIQUE INDEX image_dimensions_src_unique ON image_dimensions (src)`,
    `CREATE TABLE ai_chat_sessions (
      chatId TEXT PRIMARY KEY NOT NULL,
      title TEXT,
      createdAt TEXT NOT NULL,
      updatedAt TEXT NOT NULL
    )`,
    `CREATE TABLE ai_chat_messages (
      id TEXT PRIMARY KEY NOT NULL,
      chatId TEXT NOT NULL REFERENCES ai_chat_sessions (chatId) ON DELETE CASCADE,
      role TEXT NOT NULL,
      createdAt TEXT NOT NULL,
      metadata TEXT,
      status TEXT NOT NULL DEFAULT 'completed',
      finishedAt TEXT,
      messageParts TEXT
    )`,
    `CREATE INDEX ai_chat_messages_chat_idx ON ai_chat_messages (chatId, createdAt)`,
    `CREATE TABLE kv (
      key TEXT PRIMARY KEY NOT NULL,
      value TEXT
    )`,
  ],
}
