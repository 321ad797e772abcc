/** What every timeline item receives. */
export interface ItemProps {
  id: string
  active: boolean
  onOpen: (id: string) => void
  dimRead: boolean
  hoverMark: boolean
  squareThumbnail?: boolean
}
