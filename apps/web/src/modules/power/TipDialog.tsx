/** "Support creator": tip an entry's or feed's owner an amount typed in POWER (converted with bigint). */
import { formatPower, parsePower } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/Button.tsx'
import { useIdempotencyKey } from './useIdempotencyKey.ts'
import { Dialog } from '../../components/Dialog.tsx'
import { TextField } from '../../components/TextField.tsx'
import { fetchWallet, powerKeys, sendTip } from './powerApi.ts'
import { useTipStore } from './tipStore.ts'
import { addTipper } from './addTipper.ts'

export function TipDialog() {
  const { t } = useTranslation('power')
  const target = useTipStore((s) => s.target)
  const close = useTipStore((s) => s.close)
  const client = useQueryClient()
  const [text, setText] = useState('1')
  const [key, renewKey] = useIdempotencyKey()
  const wallet = useQuery({ queryKey: powerKeys.wallet, queryFn: fetchWallet })
  const amount = parsePower(text)
  const tip = useMutation({
    mutationFn: () => sendTip({ amount: amount!.toString(), ...(target?.entryId ? { entryId: target.entryId } : { feedId: target?.feedId }) }, key),
    onError: renewKey,
    onSuccess: (transfer) => {
      toast.success(t('tipSent', { amount: formatPower(transfer.amount) }))
      void client.invalidateQueries({ queryKey: powerKeys.all })
      if (target) void addTipper(target)
      close()
    },
  })
  if (!target) return null
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={t('tipTitle', { name: target.name })}
      description={t('tipHint')}
      testId="tip-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            {t('cancel')}
          </Button>
          <Button onClick={() => tip.mutate()} busy={tip.isPending} disabled={amount === null} data-testid="tip-send">
            {t('tipSend')}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (amount !== null) tip.mutate()
        }}
      >
        <TextField label={t('tipAmount')} value={text} onChange={setText} inputMode="decimal" autoFocus aria-invalid={amount === null} data-testid="tip-amount" />
        <p className="mt-2 text-[12px] text-zinc-500">
          {amount === null ? t('tipInvalid') : `${t('balance')}: ${formatPower(wallet.data?.powerToken ?? '0')} POWER`}
        </p>
      </form>
    </Dialog>
  )
}
