/** More line icons in the same style as icons.tsx (24-unit grid, 1.75 stroke). */
import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number }

function svg({ size = 18, ...props }: IconProps) {
  return { width: size, height: size, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.75, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const, 'aria-hidden': true, ...props }
}

export function StarIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="m12 2.5 2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" /></svg>
}

export function LockIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="4.5" y="11" width="15" height="10" rx="2" /><path d="M8 11V7a4 4 0 0 1 8 0v4" /></svg>
}

export function EyeOffIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M10.7 5.1A10 10 0 0 1 12 5c5 0 9 4.5 10 7a12.6 12.6 0 0 1-2.9 4M6.6 6.6C4.4 8 2.8 10.1 2 12c1 2.5 5 7 10 7a9.6 9.6 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18" /></svg>
}

export function EyeIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" /><circle cx="12" cy="12" r="3" /></svg>
}

export function FolderIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" /></svg>
}

export function FolderOpenIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M5 19a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2h4l2 2h7a2 2 0 0 1 2 2v1" /><path d="M5 19h13.5a2 2 0 0 0 1.9-1.4L22 12H7.5a2 2 0 0 0-1.9 1.4z" /></svg>
}

export function ChevronDownIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="m6 9 6 6 6-6" /></svg>
}

export function ChevronLeftIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="m15 18-6-6 6-6" /></svg>
}

export function ChevronUpIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="m18 15-6-6-6 6" /></svg>
}

export function CheckCheckIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M18 6 7 17l-5-5M22 10l-7.5 7.5L13 16" /></svg>
}

export function RefreshIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8" /><path d="M21 3v5h-5M3 21v-5h5" /></svg>
}

export function ExternalLinkIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M15 3h6v6M10 14 21 3M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" /></svg>
}

export function LinkIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" /><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" /></svg>
}

export function ShareIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13" /></svg>
}

export function MoreIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="5" cy="12" r="1" /><circle cx="12" cy="12" r="1" /><circle cx="19" cy="12" r="1" /></svg>
}

export function XIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M18 6 6 18M6 6l12 12" /></svg>
}

export function ArrowUpIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M12 19V5M5 12l7-7 7 7" /></svg>
}

export function ArrowDownIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M12 5v14M19 12l-7 7-7-7" /></svg>
}

export function PlayIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.8l-12-7.5A1 1 0 0 0 7 4.5z" fill="currentColor" /></svg>
}

export function PauseIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="6" y="4.5" width="4" height="15" rx="1" fill="currentColor" /><rect x="14" y="4.5" width="4" height="15" rx="1" fill="currentColor" /></svg>
}

export function ImageIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="3" y="3" width="18" height="18" rx="2" /><circle cx="9" cy="9" r="2" /><path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" /></svg>
}

export function CodeIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="m16 18 6-6-6-6M8 6l-6 6 6 6" /></svg>
}

export function SearchIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="11" cy="11" r="7" /><path d="m21 21-4.3-4.3" /></svg>
}

export function TrashIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6M10 11v6M14 11v6" /></svg>
}

export function PencilIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M21.2 6.8a2.8 2.8 0 0 0-4-4L4 16l-1 5 5-1z" /><path d="m15 5 4 4" /></svg>
}

export function MenuIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M4 6h16M4 12h16M4 18h16" /></svg>
}

export function SparklesIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M9.9 15.5A2 2 0 0 0 8.5 14.1l-6.1-1.6a.5.5 0 0 1 0-1l6.1-1.6a2 2 0 0 0 1.4-1.4l1.6-6.1a.5.5 0 0 1 1 0l1.6 6.1a2 2 0 0 0 1.4 1.4l6.1 1.6a.5.5 0 0 1 0 1l-6.1 1.6a2 2 0 0 0-1.4 1.4l-1.6 6.1a.5.5 0 0 1-1 0z" /></svg>
}

export function CircleIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="12" cy="12" r="8" /></svg>
}

export function CircleDotIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="12" cy="12" r="8" /><circle cx="12" cy="12" r="3" fill="currentColor" /></svg>
}

export function GridIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="3" y="3" width="7" height="7" rx="1" /><rect x="14" y="3" width="7" height="7" rx="1" /><rect x="3" y="14" width="7" height="7" rx="1" /><rect x="14" y="14" width="7" height="7" rx="1" /></svg>
}

export function MasonryIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="3" y="3" width="7" height="10" rx="1" /><rect x="14" y="3" width="7" height="6" rx="1" /><rect x="3" y="17" width="7" height="4" rx="1" /><rect x="14" y="13" width="7" height="8" rx="1" /></svg>
}

export function MaximizeIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M8 3H5a2 2 0 0 0-2 2v3M21 8V5a2 2 0 0 0-2-2h-3M3 16v3a2 2 0 0 0 2 2h3M16 21h3a2 2 0 0 0 2-2v-3" /></svg>
}

export function KeyboardIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="2" y="5" width="20" height="14" rx="2" /><path d="M6 9h.01M10 9h.01M14 9h.01M18 9h.01M6 13h.01M18 13h.01M10 13h4M7 16h10" /></svg>
}

export function DownloadIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" /></svg>
}

export function UploadIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12" /></svg>
}

export function VolumeIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M11 5 6 9H2v6h4l5 4z" /><path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" /></svg>
}

export function VolumeOffIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M11 5 6 9H2v6h4l5 4zM22 9l-6 6M16 9l6 6" /></svg>
}

export function SkipBackIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M3 12a9 9 0 1 0 3-6.7L3 8" /><path d="M3 3v5h5" /></svg>
}

export function SkipForwardIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M21 12a9 9 0 1 1-3-6.7L21 8" /><path d="M21 3v5h-5" /></svg>
}

export function TypeIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M4 7V4h16v3M9 20h6M12 4v16" /></svg>
}

export function BookTextIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5z" /><path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5M8 7h8M8 11h6" /></svg>
}

export function CalendarIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="3" y="4" width="18" height="18" rx="2" /><path d="M16 2v4M8 2v4M3 10h18" /></svg>
}

export function GlobeIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="12" cy="12" r="10" /><path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" /></svg>
}

export function SunIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M6.3 17.7l-1.4 1.4M19.1 4.9l-1.4 1.4" /></svg>
}

export function MoonIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z" /></svg>
}

export function MonitorIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="2" y="3" width="20" height="14" rx="2" /><path d="M8 21h8M12 17v4" /></svg>
}

export function ShieldIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" /></svg>
}

export function MailIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="2" y="4" width="20" height="16" rx="2" /><path d="m22 7-10 6L2 7" /></svg>
}

export function LaptopIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M20 16V7a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v9M2 20h20" /></svg>
}

export function ListIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" /></svg>
}

export function PanelLeftIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="3" y="3" width="18" height="18" rx="2" /><path d="M9 3v18" /></svg>
}

export function ColumnsIcon(props: IconProps) {
  return <svg {...svg(props)}><rect x="3" y="3" width="18" height="18" rx="2" /><path d="M12 3v18" /></svg>
}

export function HeadphonesIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M3 18v-6a9 9 0 0 1 18 0v6" /><path d="M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3zM3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z" /></svg>
}

export function FileTextIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z" /><path d="M14 2v6h6M16 13H8M16 17H8M10 9H8" /></svg>
}

export function DatabaseIcon(props: IconProps) {
  return <svg {...svg(props)}><ellipse cx="12" cy="5" rx="9" ry="3" /><path d="M3 5v14c0 1.7 4 3 9 3s9-1.3 9-3V5M3 12c0 1.7 4 3 9 3s9-1.3 9-3" /></svg>
}

export function PaletteIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="13.5" cy="6.5" r=".5" fill="currentColor" /><circle cx="17.5" cy="10.5" r=".5" fill="currentColor" /><circle cx="8.5" cy="7.5" r=".5" fill="currentColor" /><circle cx="6.5" cy="12.5" r=".5" fill="currentColor" /><path d="M12 2a10 10 0 0 0 0 20c.9 0 1.7-.8 1.7-1.7 0-.4-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1a1.7 1.7 0 0 1 1.7-1.7h2A5.6 5.6 0 0 0 22 10.8C22 6 17.5 2 12 2z" /></svg>
}

export function MinusIcon(props: IconProps) {
  return <svg {...svg(props)}><path d="M5 12h14" /></svg>
}

export function InfoIcon(props: IconProps) {
  return <svg {...svg(props)}><circle cx="12" cy="12" r="10" /><path d="M12 16v-4M12 8h.01" /></svg>
}
