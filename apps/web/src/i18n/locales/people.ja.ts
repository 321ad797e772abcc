/** Japanese strings of people's own pages (issue 19). */
import type { PeopleLocale } from './appTypes.ts'

export default {
  settings: {
    sections: { privacy: 'プライバシー' },
    descriptions: { privacy: 'プロフィールの公開範囲、この端末から送信されるもの、データとアカウント。' },
  },
  instance: {
    profilePage: {
      title: '{{name}} のプロフィール',
      joined: '{{date}} に参加',
      subscriptions: '購読',
      subscriptionsCount_one: '公開購読 {{count}} 件',
      subscriptionsCount_other: '公開購読 {{count}} 件',
      lists: 'リスト',
      listFeeds_one: 'フィード {{count}} 件',
      listFeeds_other: 'フィード {{count}} 件',
      noSubscriptions: '公開している購読はまだありません。',
      noLists: 'リストはまだありません。',
      subscriptionsHidden: '{{name}} は購読を公開していません。',
      notFound: 'ここにプロフィールはありません。',
      notFoundHint: 'アドレスが間違っているか、所有者が誰にも公開していません。',
      signInToSee: 'このプロフィールを見るにはサインインしてください',
      signInHint: '所有者はこのサーバーのアカウントを持つ人にだけ公開しています。',
      signIn: 'サインイン',
      backHome: 'Brook に戻る',
      viewMine: '公開プロフィールを見る',
      needsHandle: '公開プロフィールのアドレスを得るには、設定 → プロフィールでハンドルを選んでください。',
      list: 'リスト',
    },
    privacy: {
      audiences: { everyone: 'すべての人（サインインしていない人も）', users: 'このサーバーにサインインしている人', me: '自分のみ' },
      profileTitle: 'プロフィール',
      profileVisibility: 'プロフィールを見られる人',
      profileVisibilityHint: '公開アドレスに表示される名前、画像、自己紹介、ウェブサイト、リンク。',
      subscriptionsVisibility: '公開購読を見られる人',
      subscriptionsVisibilityHint: '非公開にしていない購読と、あなたのリスト。',
      myProfile: '公開アドレス',
      usageTitle: '利用データ',
    },
  },
} satisfies PeopleLocale
