/** Every local migration in order; a new one is appended with the next number. */
import type { LocalMigration } from '../migrate.ts'
import { m0000_init } from './0000_init.ts'
import { m0001_outbox } from './0001_outbox.ts'
import { m0002_timeline_index } from './0002_timeline_index.ts'
import { m0003_outbox_sent } from './0003_outbox_sent.ts'

export const localMigrations: LocalMigration[] = [m0000_init, m0001_outbox, m0002_timeline_index, m0003_outbox_sent]
