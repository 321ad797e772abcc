/** The user's picture, or their initial on a colour picked from their e-mail. */
const PALETTE = ['#FF5C00', '#0ea5e9', '#22c55e', '#ef4444', '#a855f7', '#eab308', '#14b8a6', '#6366f1']

function colourOf(seed: string): string {
  let hash = 0
  for (let i = 0; i < seed.length; i++) hash = (hash * 31 + seed.charCodeAt(i)) | 0
  return PALETTE[Math.abs(hash) % PALETTE.length]
}

export function Avatar({ name, email, image, size = 32 }: { name: string; email: string; image?: string | null; size?: number }) {
  if (image) return <img src={image} alt="" width={size} height={size} className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} />
  const initial = (name || email).trim().charAt(0).toUpperCase() || '?'
  return (
    <span
      aria-hidden
      className="flex shrink-0 items-center justify-center rounded-full text-[13px] font-semibold text-white"
      style={{ width: size, height: size, backgroundColor: colourOf(email || name), fontSize: size >= 48 ? Math.round(size * 0.4) : undefined }}
    >
      {initial}
    </span>
  )
}
