import { z } from 'zod'
import { FORM_FIELD_KEYS, FORM_PROFILE_LIMITS } from '../../api/schemas/marketplace-form-profile.ts'
import type { TaughtLabels } from '../messages.ts'
import { LOCAL, readValue, writeValues } from '../storage.ts'

/**
 * Labels agents taught ("Show me" in the filler's panel): field → the label text found beside
 * the control the agent clicked. Kept in chrome.storage.local, which the worker closes to content
 * scripts: they get them with `draft:get` and add one with `teach:save`.
 */
const label = z.string().trim().min(1).max(FORM_PROFILE_LIMITS.textMaxLength)
const taught = z.partialRecord(z.enum(FORM_FIELD_KEYS), label)

/** The taught labels; none when what is stored no longer fits (an older version wrote it). */
export async function taughtLabels(): Promise<TaughtLabels> {
  try {
    const parsed = taught.safeParse(await readValue<unknown>('local', LOCAL.taughtLabels))
    return parsed.success ? parsed.data : {}
  } catch {
    return {}
  }
}

/** One save after another: each reads what the one before wrote. */
let saving: Promise<unknown> = Promise.resolve()

/** Keeps the label taught for a field (replacing an older one); refuses what does not fit. */
export function saveTaughtLabel(field: string, text: string): Promise<void> {
  const key = z.enum(FORM_FIELD_KEYS).parse(field)
  const value = label.parse(text)
  const save = async () => {
    const kept = await taughtLabels()
    await writeValues('local', { [LOCAL.taughtLabels]: { ...kept, [key]: value } })
  }
  const next = saving.then(save, save)
  saving = next.catch(() => undefined)
  return next
}
