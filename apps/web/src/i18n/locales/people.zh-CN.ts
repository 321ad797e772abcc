/** Simplified Chinese strings of people's own pages (issue 19). */
import type { PeopleLocale } from './appTypes.ts'

export default {
  settings: {
    sections: { privacy: '隐私' },
    descriptions: { privacy: '谁能看到你的资料、哪些数据会离开本设备、你的数据和账户。' },
  },
  instance: {
    profilePage: {
      title: '{{name}} 的个人资料',
      joined: '{{date}} 加入',
      subscriptions: '订阅',
      subscriptionsCount_one: '{{count}} 个公开订阅',
      subscriptionsCount_other: '{{count}} 个公开订阅',
      lists: '列表',
      listFeeds_one: '{{count}} 个订阅源',
      listFeeds_other: '{{count}} 个订阅源',
      noSubscriptions: '还没有公开的订阅。',
      noLists: '还没有列表。',
      subscriptionsHidden: '{{name}} 没有公开订阅。',
      notFound: '这里没有个人资料。',
      notFoundHint: '地址可能有误，或者其主人不向任何人公开。',
      signInToSee: '登录后查看此个人资料',
      signInHint: '其主人只向本服务器上有账户的人公开。',
      signIn: '登录',
      backHome: '返回 Brook',
      viewMine: '查看我的公开资料',
      needsHandle: '在 设置 → 个人资料 中选择用户名，即可获得公开资料地址。',
      list: '列表',
    },
    privacy: {
      audiences: { everyone: '所有人（包括未登录的人）', users: '登录本服务器的人', me: '仅自己' },
      profileTitle: '个人资料',
      profileVisibility: '谁能看到我的个人资料',
      profileVisibilityHint: '公开地址上的名字、头像、简介、网站和链接。',
      subscriptionsVisibility: '谁能看到我的公开订阅',
      subscriptionsVisibilityHint: '你没有设为私密的订阅，以及你的列表。',
      myProfile: '我的公开地址',
      usageTitle: '使用数据',
    },
  },
} satisfies PeopleLocale
