/** A centred modal dialog (radix) with a title, optional description and a footer slot. */
import { useTranslation } from 'react-i18next'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { XIcon } from './moreIcons.tsx'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Tailwind max-width class. */
  width?: string
  testId?: string
}

export function Dialog({ open, onOpenChange, title, description, children, footer, width = 'max-w-md', testId }: DialogProps) {
  const { t } = useTranslation()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/30 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_120ms_ease-out] dark:bg-black/50" />
        <RadixDialog.Content
          data-testid={testId}
          aria-describedby={description ? undefined : undefined}
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[85vh] w-[calc(100vw-2rem)] ${width} -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-zinc-200/80 bg-white shadow-2xl shadow-zinc-900/20 outline-none dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/50`}
        >
          <div className="flex items-start gap-3 px-6 pt-5">
            <div className="min-w-0 flex-1">
              <RadixDialog.Title className="text-[15px] font-semibold tracking-tight">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-[13px] leading-relaxed text-zinc-500 dark:text-zinc-400">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close className="-mt-1 -mr-2 flex size-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-900/5 hover:text-zinc-700 dark:hover:bg-white/10 dark:hover:text-zinc-200" aria-label={t('common:toast.close')}>
              <XIcon size={16} />
            </RadixDialog.Close>
          </div>
          <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-6 pt-4 pb-5">{children}</div>
          {footer && <div className="flex items-center justify-end gap-2 border-t border-zinc-100 px-6 py-3.5 dark:border-zinc-800">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
