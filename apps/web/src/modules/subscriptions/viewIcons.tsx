/** Icon and label key of each view tab (SPEC §2 tabs: article, social, picture, video, audio, notification). */
import { FeedViewType } from '@brook/shared'
import type { ComponentType, SVGProps } from 'react'
import { ArticleIcon, AudioIcon, BellIcon, PictureIcon, SocialIcon, VideoIcon } from '../../components/icons.tsx'

type Icon = ComponentType<SVGProps<SVGSVGElement> & { size?: number }>

export const VIEW_TABS: Record<FeedViewType, { icon: Icon; labelKey: string }> = {
  [FeedViewType.Articles]: { icon: ArticleIcon, labelKey: 'views.articles' },
  [FeedViewType.SocialMedia]: { icon: SocialIcon, labelKey: 'views.social' },
  [FeedViewType.Pictures]: { icon: PictureIcon, labelKey: 'views.pictures' },
  [FeedViewType.Videos]: { icon: VideoIcon, labelKey: 'views.videos' },
  [FeedViewType.Audios]: { icon: AudioIcon, labelKey: 'views.audios' },
  [FeedViewType.Notifications]: { icon: BellIcon, labelKey: 'views.notifications' },
}
