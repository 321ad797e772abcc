/** Registers every command once (the app shell imports this). */
import { registerCommands } from '../registry.ts'
import { entryCommands } from './entryCommands.ts'
import { globalCommands, layoutCommands, settingsCommands } from './layoutCommands.ts'
import { listCommands } from './listCommands.ts'
import { subscriptionCommands } from './subscriptionCommands.ts'
import { timelineCommands } from './timelineCommands.ts'
import { aiEntryCommands, aiGlobalCommands } from '../../ai/aiCommands.ts'
import { integrationCommands } from '../../integrations/integrationCommands.ts'

registerCommands([...entryCommands, ...aiEntryCommands, ...timelineCommands, ...subscriptionCommands, ...listCommands, ...layoutCommands, ...globalCommands, ...aiGlobalCommands, ...settingsCommands, ...integrationCommands])
