/**
 * Real speech synthesis for headless Chromium on Debian (issue 10): Chromium lists and speaks the
 * voices of speech-dispatcher when started with --enable-speech-dispatcher; speech-dispatcher runs
 * espeak-ng (packages speech-dispatcher, speech-dispatcher-espeak-ng, espeak-ng; .ci/run installs
 * them). A test machine has no sound card, so the browser's speech-dispatcher gets a home of its
 * own whose configuration sends the audio to libao's null driver: the engine really synthesizes
 * every utterance and reports its start and end, and the sound goes nowhere.
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from 'playwright-core'
import { CHROMIUM_PATH } from './browser.ts'

export const SPEECH_DISPATCHER = '/usr/bin/speech-dispatcher'
export const hasSpeechDispatcher = existsSync(SPEECH_DISPATCHER) && existsSync('/usr/bin/espeak-ng')

/** Headless Chromium with speech-dispatcher's voices; its speech goes to a null audio output. */
export async function launchSpeakingBrowser(): Promise<Browser> {
  if (!hasSpeechDispatcher) throw new Error('speech-dispatcher and espeak-ng are needed for the speech test: apt-get install -y speech-dispatcher speech-dispatcher-espeak-ng espeak-ng')
  const home = await mkdtemp(path.join(os.tmpdir(), 'brook-speech-'))
  await mkdir(path.join(home, '.config/speech-dispatcher'), { recursive: true })
  await writeFile(path.join(home, '.config/speech-dispatcher/speechd.conf'), 'Include "/etc/speech-dispatcher/speechd.conf"\nAudioOutputMethod "libao"\n')
  await writeFile(path.join(home, '.libao'), 'default_driver=null\n')
  await mkdir(path.join(home, 'run'), { recursive: true, mode: 0o700 })
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu', '--enable-speech-dispatcher'],
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), XDG_CACHE_HOME: path.join(home, '.cache'), XDG_RUNTIME_DIR: path.join(home, 'run') },
  })
}
