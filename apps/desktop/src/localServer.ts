/** Brook's server in this process, on a loopback port, with its data in the app's data folder. */
import path from 'node:path'
import { EnvError, parseEnv } from '@brook/server/src/env.ts'
import { startBrook, type RunningBrook } from '@brook/server/src/server.ts'

/** Variables of the user's environment the desktop never hands on: the desktop's server is its own. */
const NOT_INHERITED = ['DATABASE_URL', 'REDIS_URL', 'PORT', 'HOST', 'PUBLIC_URL', 'DATA_DIR', 'SERVICES', 'ENV_FILE', 'NODE_ENV']

export interface LocalServer {
  url: string
  port: number
  brook: RunningBrook
}

export async function startLocalServer(options: { dataDir: string; port: number; inherited: Record<string, string | undefined> }): Promise<LocalServer> {
  const source: Record<string, string | undefined> = { ...options.inherited }
  for (const name of NOT_INHERITED) delete source[name]
  const url = `http://127.0.0.1:${options.port}`
  let env
  try {
    env = parseEnv({
      LOG_LEVEL: 'warn',
      ...source,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: url,
      DATA_DIR: path.join(options.dataDir, 'server'),
      // One process does it all, as `npm start` does.
      SERVICES: 'web,worker,scheduler',
    })
  } catch (error) {
    if (error instanceof EnvError) throw new Error(`Brook's server cannot start: ${error.message}`, { cause: error })
    throw error
  }
  const brook = await startBrook(env)
  return { url, port: brook.port, brook }
}
