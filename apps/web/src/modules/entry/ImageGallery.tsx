/** The picture viewer: one picture at a time over the app, ←/→ to move, Esc to close. */
import { Dialog } from 'radix-ui'
import { useTranslation } from 'react-i18next'
import { ChevronRightIcon } from '../../components/icons.tsx'
import { ChevronLeftIcon, ExternalLinkIcon, XIcon } from '../../components/moreIcons.tsx'
import { useEntryViewStore } from './entryViewStore.ts'

export function ImageGallery() {
  const { t } = useTranslation('entry')
  const gallery = useEntryViewStore((s) => s.gallery)
  const close = useEntryViewStore((s) => s.closeGallery)
  const setIndex = useEntryViewStore((s) => s.setGalleryIndex)
  if (!gallery) return null
  const { images, index } = gallery
  const many = images.length > 1
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] bg-black/90 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="image-gallery"
          className="fixed inset-0 z-[80] flex items-center justify-center outline-none"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') setIndex(index + 1)
            if (e.key === 'ArrowLeft') setIndex(index - 1)
          }}
          onClick={(e) => e.target === e.currentTarget && close()}
        >
          <Dialog.Title className="sr-only">{t('gallery')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('galleryHint')}</Dialog.Description>
          <img src={images[index]} alt="" referrerPolicy="no-referrer" className="max-h-[88vh] max-w-[92vw] rounded-lg object-contain shadow-2xl" />
          <div className="absolute top-4 right-4 flex items-center gap-2">
            <a href={images[index]} target="_blank" rel="noopener noreferrer" aria-label={t('openOriginal')} className="flex size-9 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20">
              <ExternalLinkIcon size={16} />
            </a>
            <Dialog.Close aria-label={t('close')} className="flex size-9 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20">
              <XIcon size={18} />
            </Dialog.Close>
          </div>
          {many && (
            <>
              <button type="button" aria-label={t('previousImage')} onClick={() => setIndex(index - 1)} className="absolute left-4 flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20">
                <ChevronLeftIcon size={22} />
              </button>
              <button type="button" aria-label={t('nextImage')} onClick={() => setIndex(index + 1)} className="absolute right-4 flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20">
                <ChevronRightIcon size={22} />
              </button>
              <div className="absolute bottom-5 rounded-full bg-white/10 px-3 py-1 text-[12px] text-white/90 tabular-nums">
                {index + 1} / {images.length}
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
