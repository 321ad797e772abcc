/** Thrown by parseFeed for input that is not a feed; the API maps it to catalogue code 2004 'Feed failed to parse'. */
export class FeedParseError extends Error {
  /** What was wrong, for logs and the feed's error message (not shown verbatim to readers). */
  readonly detail: string

  constructor(detail: string, options?: { cause?: unknown }) {
    super(`Feed failed to parse: ${detail}`, options)
    this.name = 'FeedParseError'
    this.detail = detail
  }
}
