/**
 * One Idempotency-Key per dialog: a double click or a retry after a lost answer never moves money
 * twice. After the server refused (a numeric catalogue code, e.g. a wrong two-factor code) nothing
 * moved, and the same key would only replay the refusal — so the next attempt gets a new key.
 * After a network error or timeout the key stays: that request may have gone through.
 */
import { useCallback, useState } from 'react'
import { isApiError } from '../../api/ApiError.ts'

export function useIdempotencyKey(): [key: string, renewAfter: (error: unknown) => void] {
  const [key, setKey] = useState(() => crypto.randomUUID())
  const renewAfter = useCallback((error: unknown) => {
    if (isApiError(error) && typeof error.code === 'number' && error.status >= 400 && error.status < 500) setKey(crypto.randomUUID())
  }, [])
  return [key, renewAfter]
}
