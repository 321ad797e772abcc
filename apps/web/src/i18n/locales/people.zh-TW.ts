/** Traditional Chinese strings of people's own pages (issue 19). */
import type { PeopleLocale } from './appTypes.ts'

export default {
  settings: {
    sections: { privacy: '隱私' },
    descriptions: { privacy: '誰能看到你的資料、哪些資料會離開本裝置、你的資料與帳號。' },
  },
  instance: {
    profilePage: {
      title: '{{name}} 的個人資料',
      joined: '{{date}} 加入',
      subscriptions: '訂閱',
      subscriptionsCount_one: '{{count}} 個公開訂閱',
      subscriptionsCount_other: '{{count}} 個公開訂閱',
      lists: '列表',
      listFeeds_one: '{{count}} 個訂閱源',
      listFeeds_other: '{{count}} 個訂閱源',
      noSubscriptions: '還沒有公開的訂閱。',
      noLists: '還沒有列表。',
      subscriptionsHidden: '{{name}} 沒有公開訂閱。',
      notFound: '這裡沒有個人資料。',
      notFoundHint: '網址可能有誤，或其主人不向任何人公開。',
      signInToSee: '登入後查看此個人資料',
      signInHint: '其主人只向本伺服器上有帳號的人公開。',
      signIn: '登入',
      backHome: '返回 Brook',
      viewMine: '查看我的公開資料',
      needsHandle: '在 設定 → 個人資料 中選擇使用者名稱，即可取得公開資料網址。',
      list: '列表',
    },
    privacy: {
      audiences: { everyone: '所有人（包括未登入的人）', users: '登入本伺服器的人', me: '僅自己' },
      profileTitle: '個人資料',
      profileVisibility: '誰能看到我的個人資料',
      profileVisibilityHint: '公開網址上的名字、頭像、簡介、網站與連結。',
      subscriptionsVisibility: '誰能看到我的公開訂閱',
      subscriptionsVisibilityHint: '你沒有設為私密的訂閱，以及你的列表。',
      myProfile: '我的公開網址',
      usageTitle: '使用資料',
    },
  },
} satisfies PeopleLocale
