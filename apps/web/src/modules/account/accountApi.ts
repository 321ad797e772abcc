/** Settings → Privacy's calls: download my data (GET /account/export), delete my account (POST /auth/delete-user). */
import { api } from '../../api/client.ts'
import type { ApiData, ApiInput } from '../../api/types.ts'

export type AccountExport = ApiData<'get', '/account/export'>
export type DeleteAccountInput = ApiInput<'post', '/auth/delete-user'>

/** Saves my data as `brook-data-YYYY-MM-DD.json` (the document of docs/instance-admin.md, "Privacy"). */
export async function downloadMyData(): Promise<void> {
  const data: AccountExport = await api.get('/account/export', {})
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = `brook-data-${data.exportedAt.slice(0, 10)}.json`
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** Deletes the signed-in account; throws the server's ApiError (1002 password, 4008/4007 two-factor). */
export function deleteAccount(input: DeleteAccountInput) {
  return api.post('/auth/delete-user', input)
}
