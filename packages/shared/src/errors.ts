/** The server error catalogue of SPEC §8: every code with its message. The code doubles as the i18n key `errors:{code}`. */
export const ErrorCatalogue = {
  1: 'Previous operation is not completed',
  3: 'Unprocessable content',
  4: 'Invalid input',
  5: 'Missing configuration',
  6: 'Not found',
  1000: 'Unauthorized',
  1001: 'create session failed',
  1002: 'Invalid parameter',
  1003: 'Invalid invitation',
  1004: 'No permission',
  1005: 'Internal error',
  1006: 'Email not verified',
  1007: 'Captcha verification failed',
  /** Brook's own: a rate limit refused the request (HTTP 429, Retry-After). Not in SPEC §8. */
  1008: 'Too many requests, try again later',
  1100: 'Trial user max feed subscription exceeded',
  1101: 'Trial user max list subscription exceeded',
  1102: 'Trial user max inbox subscription exceeded',
  1103: 'Trial user no permission',
  2000: 'Only admins can refresh feeds',
  2001: 'Feed not found',
  2002: 'feedId or url required',
  2003: 'Feed fetch error',
  2004: 'Feed failed to parse',
  2010: 'Ownership challenge failed',
  2011: 'Subscription limit exceeded',
  3000: 'Entry not found',
  4000: 'Already claimed',
  4001: 'User wallet error',
  4002: 'Insufficient balance',
  4003: 'Feed insufficient withdrawable balance',
  4004: 'Target user wallet error',
  4005: 'Daily power calculation in progress',
  4006: 'Invalid boost amount',
  4007: 'Invalid two factor code',
  4008: 'Two factor code required',
  4010: 'Airdrop not eligible',
  4011: 'Airdrop is sending',
  4012: 'Airdrop already sent',
  4013: 'Airdrop not verified',
  5000: 'Invitation limit exceeded, try again in a few days',
  5001: 'Invitation already exists',
  5002: 'Invitation code already used',
  5003: 'Invitation code does not exist',
  6000: 'User not found',
  7000: 'Setting not found',
  7001: 'Invalid setting tab',
  7002: 'Invalid setting payload',
  7003: 'Setting payload too large',
  8000: 'List not found',
  8001: 'List permission denied',
  8002: 'List limit exceeded',
  8003: 'Feed already added to list',
  8004: 'Cannot delete a list with subscriptions',
  9000: 'Achievement not completed',
  9001: 'Achievement already received',
  9002: 'Achievement under audit',
  9003: 'Audit not needed',
  10000: 'Inbox not found',
  10001: 'Inbox already exists',
  10002: 'Inbox limit exceeded',
  10003: 'Inbox permission denied',
  12000: 'Action limit exceeded',
  13000: 'RSS-hub route not found',
  13001: 'Not the owner of the instance',
  13002: 'Instance in use',
  13003: 'Instance not found',
  13004: 'User limit exceeded',
  13005: 'Purchase not found',
  13006: 'Config invalid',
  13007: 'Instance unavailable',
  14000: 'Invalid file',
  14001: 'File too large',
  14002: 'Upload failed',
  15000: 'AI token limit exceeded, try later',
  15001: 'Not allowed to access AI chat',
} as const

/** A code of the catalogue. */
export type ErrorCode = keyof typeof ErrorCatalogue

/** Named codes for the ones code refers to often. */
export const ErrorCodes = {
  PreviousOperationNotCompleted: 1,
  UnprocessableContent: 3,
  InvalidInput: 4,
  MissingConfiguration: 5,
  NotFound: 6,
  Unauthorized: 1000,
  CreateSessionFailed: 1001,
  InvalidParameter: 1002,
  InvalidInvitation: 1003,
  NoPermission: 1004,
  InternalError: 1005,
  EmailNotVerified: 1006,
  TooManyRequests: 1008,
  TrialMaxFeeds: 1100,
  TrialMaxLists: 1101,
  TrialMaxInboxes: 1102,
  TrialNoPermission: 1103,
  OnlyAdminsCanRefresh: 2000,
  FeedNotFound: 2001,
  FeedIdOrUrlRequired: 2002,
  FeedFetchError: 2003,
  FeedParseError: 2004,
  SubscriptionLimitExceeded: 2011,
  EntryNotFound: 3000,
  InvalidTwoFactorCode: 4007,
  TwoFactorCodeRequired: 4008,
  UserNotFound: 6000,
  SettingNotFound: 7000,
  InvalidSettingTab: 7001,
  InvalidSettingPayload: 7002,
  SettingPayloadTooLarge: 7003,
  ListNotFound: 8000,
  ListPermissionDenied: 8001,
  ListLimitExceeded: 8002,
  FeedAlreadyInList: 8003,
  ListHasSubscriptions: 8004,
  InboxNotFound: 10000,
  InboxAlreadyExists: 10001,
  InboxLimitExceeded: 10002,
  InboxPermissionDenied: 10003,
  InvalidFile: 14000,
  FileTooLarge: 14001,
} as const satisfies Record<string, ErrorCode>

/** The message of a catalogue code. */
export function errorMessage(code: ErrorCode): string {
  return ErrorCatalogue[code]
}

/** True for the codes that prompt the user to activate a plan (SPEC §8: codes starting with 11). */
export function isPlanError(code: number): boolean {
  return String(code).startsWith('11')
}

/** The JSON body of every error answer. */
export interface ErrorEnvelope {
  code: number
  message: string
  reason?: string
  data?: unknown
}

/** The JSON body of every successful answer. */
export interface OkEnvelope<T> {
  code: 0
  data: T
}
