/**
 * Admin → Withdrawals: the manual settlement adapter's queue (docs/power.md). Pending withdrawals,
 * oldest first, each with who asked, the amount, the payout address; "Mark paid" once the operator
 * has paid it (the amount stays burned), "Reject" to refund it to the account it left. Paid and
 * rejected ones can be looked back at.
 */
import { formatPower } from '@brook/shared'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { api } from '../../api/client.ts'
import type { ApiData } from '../../api/types.ts'
import { toastError } from '../../api/toastError.ts'
import { Button } from '../../components/Button.tsx'
import { Select } from '../../components/Select.tsx'
import { useUser } from '../../store/index.ts'
import { SettingsSection } from '../settings/SettingsPage.tsx'

type Withdrawal = ApiData<'get', '/wallets/withdrawals'>[number]
type Status = 'pending' | 'paid' | 'rejected'
const STATUSES: Status[] = ['pending', 'paid', 'rejected']

export function AdminWithdrawals() {
  const { t, i18n } = useTranslation('instance')
  const queryClient = useQueryClient()
  const [status, setStatus] = useState<Status>('pending')
  const queue = useQuery({ queryKey: ['admin', 'withdrawals', status], queryFn: () => api.get('/wallets/withdrawals', { status }) })
  const settle = useMutation({
    mutationFn: (input: { id: string; status: 'paid' | 'rejected' }) => api.post('/wallets/withdrawals/settle', input),
    onSuccess: async (row) => {
      toast.success(row.status === 'paid' ? t('admin.withdrawalPaid', { amount: formatPower(row.amount) }) : t('admin.withdrawalRejected', { amount: formatPower(row.amount) }), { duration: 3000 })
      await queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] })
    },
    onError: (error) => toastError(error),
  })
  const rows = queue.data ?? []
  return (
    <SettingsSection title={t('admin.withdrawals')} hint={t('admin.withdrawalsHint')}>
      <div className="flex items-center justify-between gap-3 py-2.5">
        <span className="text-[13px] text-zinc-600 dark:text-zinc-300">{t('admin.withdrawalsCount', { count: rows.length })}</span>
        <Select<Status> aria-label={t('admin.withdrawalsStatus')} value={status} options={STATUSES.map((s) => ({ value: s, label: t(`admin.withdrawalStatus.${s}`) }))} onChange={setStatus} />
      </div>
      {queue.isSuccess && rows.length === 0 && <p className="py-3 text-[13px] text-zinc-500">{t(`admin.withdrawalsEmpty.${status}`)}</p>}
      {rows.map((row) => (
        <WithdrawalRow key={row.id} row={row} language={i18n.language} busy={settle.isPending && settle.variables?.id === row.id} onSettle={(next) => settle.mutate({ id: row.id, status: next })} />
      ))}
    </SettingsSection>
  )
}

function WithdrawalRow({ row, language, busy, onSettle }: { row: Withdrawal; language: string; busy: boolean; onSettle: (status: 'paid' | 'rejected') => void }) {
  const { t } = useTranslation('instance')
  const user = useUser(row.userId)
  const who = user?.name || user?.handle || row.userId
  return (
    <div className="flex flex-wrap items-center gap-3 py-2.5" data-testid="admin-withdrawal" data-withdrawal-id={row.id}>
      <div className="min-w-0 flex-1">
        <p className="truncate text-[13px] font-medium text-zinc-800 dark:text-zinc-100">
          <span className="tabular-nums" data-testid="admin-withdrawal-amount">{formatPower(row.amount)}</span> POWER · {who}
          {row.feedId && <span className="ml-1.5 text-xs font-normal text-zinc-500">{t('admin.withdrawalFromFeed')}</span>}
        </p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {row.address ? t('admin.withdrawalAddress', { address: row.address }) : t('admin.withdrawalNoAddress')} · {new Date(row.createdAt).toLocaleString(language)}
          {row.settledAt && ` → ${new Date(row.settledAt).toLocaleString(language)}`}
        </p>
      </div>
      {row.status === 'pending' && (
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" busy={busy} onClick={() => onSettle('rejected')} data-testid="admin-withdrawal-reject">
            {t('admin.withdrawalReject')}
          </Button>
          <Button size="sm" busy={busy} onClick={() => onSettle('paid')} data-testid="admin-withdrawal-paid">
            {t('admin.withdrawalMarkPaid')}
          </Button>
        </div>
      )}
    </div>
  )
}
