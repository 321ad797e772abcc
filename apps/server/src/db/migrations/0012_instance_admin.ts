/**
 * Running an instance for others (issue 19): invitation codes, feature flags with per-user
 * overrides, achievements per user, and a disabled mark on accounts. Plan limits and the
 * registration mode are instance settings (instance_kv), not tables.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user').addColumn('disabledAt', 'text').execute()

  await db.schema
    .createTable('invitations')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('ownerId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    /** Set by the one use that wins (a conditional update); the code is spent from then on. */
    .addColumn('usedAt', 'text')
    /** Who used it: set with usedAt by POST /invitations/use, right after the account exists on sign-up. */
    .addColumn('usedById', 'text')
    .addColumn('usedByEmail', 'text')
    .execute()
  await db.schema.createIndex('invitations_owner_idx').on('invitations').columns(['ownerId', 'createdAt']).execute()

  await db.schema
    .createTable('feature_flags')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    /** 0–100: the share of users (by a stable hash of flag and user id) it is on for. */
    .addColumn('percentage', 'integer', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('feature_flag_overrides')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feature_flag_overrides_pk', ['name', 'userId'])
    .execute()

  await db.schema
    .createTable('user_achievements')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('achievementId', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull())
    /** incomplete | completed | audit | received */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('completedAt', 'text')
    .addColumn('auditPayload', 'text')
    .addColumn('receivedAt', 'text')
    /** The POWER ledger transaction of the reward, once paid. */
    .addColumn('rewardTxId', 'text')
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_achievements_pk', ['userId', 'achievementId'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_achievements').execute()
  await db.schema.dropTable('feature_flag_overrides').execute()
  await db.schema.dropTable('feature_flags').execute()
  await db.schema.dropTable('invitations').execute()
  await db.schema.alterTable('user').dropColumn('disabledAt').execute()
}
