/**
 * Referrals (issue 19): a code per user, and who came by whose code with the Pro preview days
 * each referral earned its referrer (at sign-up, and once more for a verified purchase).
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('referral_codes')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('referrals')
    /** One row per referred account: an account is referred once. */
    .addColumn('referredId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('referrerId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    /** Pro preview days the sign-up earned the referrer. */
    .addColumn('signupDays', 'integer', (c) => c.notNull())
    /** Days a verified purchase of the referred account earned the referrer (0 until then). */
    .addColumn('purchaseDays', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('purchasedAt', 'text')
    .execute()
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').columns(['referrerId', 'createdAt']).execute()

  /** Purchase receipts already accepted (by the verifier's transaction id), so one counts once. */
  await db.schema
    .createTable('purchase_receipts')
    .addColumn('transactionId', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    /** referral (POST /referrals/verify-receipt) | restore (POST /auth/subscription/restore) */
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('productId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('purchase_receipts').execute()
  await db.schema.dropTable('referrals').execute()
  await db.schema.dropTable('referral_codes').execute()
}
