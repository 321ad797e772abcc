/** Claim a feed: the verification strings to copy, then "Verify" runs the challenge (optimistic, claimFeed.ts). */
import { formatPower } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { Dialog } from '../../components/Dialog.tsx'
import { CopyIcon } from '../../components/icons.tsx'
import { useFeedStore } from '../../store/entities/feeds.ts'
import { useSessionStore } from '../../store/session.ts'
import { copyText } from '../entry/clipboard.ts'
import { claimFeed } from './claimFeed.ts'
import { fetchClaimMessage, powerKeys } from './powerApi.ts'

export function ClaimFeedDialog({ feedId, name, onClose }: { feedId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation('power')
  const client = useQueryClient()
  const userId = useSessionStore((s) => s.whoami?.id ?? null)
  const owner = useFeedStore((s) => s.byId[feedId]?.ownerUserId ?? null)
  const message = useQuery({ queryKey: ['power', 'claim-message', feedId], queryFn: () => fetchClaimMessage(feedId), staleTime: Infinity })
  const verify = useMutation({
    mutationFn: () => claimFeed(feedId, userId!),
    onSuccess: (answer) => {
      toast.success(BigInt(answer.moved) > 0n ? t('claimFeedDoneMoved', { amount: formatPower(answer.moved) }) : t('claimFeedDone'))
      void client.invalidateQueries({ queryKey: powerKeys.all })
    },
  })
  const mine = owner !== null && owner === userId
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('claimFeedTitle', { name })}
      description={t('claimFeedHint')}
      width="max-w-xl"
      testId="claim-feed-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose} data-testid="claim-feed-close">
            {mine ? t('close') : t('cancel')}
          </Button>
          {!mine || verify.isPending ? (
            <Button onClick={() => verify.mutate()} busy={verify.isPending} disabled={!userId || !message.data} data-testid="claim-feed-verify">
              {t('claimFeedVerify')}
            </Button>
          ) : null}
        </>
      }
    >
      <p className="mb-3 text-[13px] font-medium" data-testid="claim-feed-owner">
        {mine ? t('claimFeedMine') : owner ? t('claimFeedOwned') : t('claimFeedUnclaimed')}
      </p>
      {message.data && (
        <ul className="flex flex-col gap-3">
          <ClaimString label={t('claimFeedDescription')} value={message.data.description} testId="claim-string-description" />
          <ClaimString label={t('claimFeedMeta')} value={message.data.meta} testId="claim-string-meta" />
          <ClaimString label={t('claimFeedJson')} value={message.data.json} testId="claim-string-json" />
        </ul>
      )}
    </Dialog>
  )
}

function ClaimString({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation('power')
  return (
    <li>
      <p className="mb-1 text-[12px] text-zinc-500">{label}</p>
      <div className="flex items-start gap-2">
        <code className="min-w-0 flex-1 rounded-lg bg-zinc-100 px-3 py-2 font-mono text-[12px] break-all dark:bg-zinc-800" data-testid={testId}>
          {value}
        </code>
        <Button variant="ghost" size="sm" aria-label={t('copy')} onClick={() => void copyText(value)}>
          <CopyIcon size={14} />
        </Button>
      </div>
    </li>
  )
}
