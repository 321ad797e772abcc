/** The AI actions' line icons, in the style of components/moreIcons.tsx. */
import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

function svg({ size = 18, ...props }: IconProps) {
  return { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.75, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true, ...props }
}

export function SparklesIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8zM5 2l.6 1.4L7 4l-1.4.6L5 6l-.6-1.4L3 4l1.4-.6z" /></svg>
}

export function LanguagesIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M4 5h8M8 3v2M10 5c-1 4-3.5 7-6 8.5M6 9c1 2 3 3.5 5 4.5M13 21l4-9 4 9M14.5 18h5" /></svg>
}

export function VolumeIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M11 5 6 9H3v6h3l5 4zM15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" /></svg>
}

export function MessageIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12z" /></svg>
}

export function StopIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="6" y="6" width="12" height="12" rx="1.5" /></svg>
}

export function SendIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M4 12 20 4l-6 16-2.5-6.5z" /></svg>
}
