import { routes } from '../../api/routes.ts'
import { messages } from '../../api/validation-rules.ts'
import { requireAccess } from '../billing/access.ts'
import { newId } from '../db/ids.ts'
import { isUniqueViolation } from '../db/unique-violation.ts'
import type { LeadRow } from '../db/schema.ts'
import { AppError } from '../http/app-error.ts'
import { defineRoute } from '../http/define-route.ts'
import { recordApiCall } from '../usage/record-api-call.ts'
import { addressKey, searchText, toE164 } from './lead-keys.ts'
import { toLead } from './lead-rows.ts'

/**
 * POST /leads: saves one FSBO lead for the caller (issue 7). Access as for conversion (402).
 * De-duplicated per user: the same source listing, or the same phone at the same address, updates
 * the lead already saved (its status and notes stay the agent's) instead of adding one. Every saved
 * lead counts one API call, in the same transaction as the save.
 */
export default defineRoute(routes.saveLead, async ({ body, userId }, ctx) => {
  await requireAccess(ctx, userId, 'leads')
  let phone: string | null = null
  if (body.phone !== null && body.phone !== '') {
    phone = toE164(body.phone) ?? null
    if (!phone) throw new AppError(422, messages.invalidPhone, { phone: messages.invalidPhone })
  }
  const key = addressKey(body.address) ?? null
  const now = ctx.clock().toISOString()

  const facts = {
    source: body.source,
    source_id: body.source_id,
    listing_url: body.listing_url,
    owner_name: body.owner_name || null,
    phone,
    email: body.email ? body.email.toLowerCase() : null,
    street: body.address.street || null,
    city: body.address.city || null,
    state: body.address.state || null,
    zip: body.address.zip || null,
    price: body.price,
    beds: body.beds,
    baths: body.baths,
    living_area_sqft: body.living_area_sqft,
    days_on_market: body.days_on_market,
    photo_url: body.photo_url,
  }

  const save = () =>
    ctx.db.transaction().execute(async (trx) => {
      const bySource = await trx
        .selectFrom('leads')
        .selectAll()
        .where('user_id', '=', userId)
        .where('source', '=', body.source)
        .where('source_id', '=', body.source_id)
        .executeTakeFirst()
      const existing =
        bySource ??
        (phone && key
          ? await trx
              .selectFrom('leads')
              .selectAll()
              .where('user_id', '=', userId)
              .where('phone', '=', phone)
              .where('address_key', '=', key)
              .orderBy('created_at')
              .orderBy('id')
              .executeTakeFirst()
          : undefined)

      let saved: LeadRow
      if (existing) {
        // A page that hides a fact this time does not erase what an earlier visit saw.
        const merged = {
          ...facts,
          owner_name: facts.owner_name ?? existing.owner_name,
          phone: facts.phone ?? existing.phone,
          email: facts.email ?? existing.email,
          price: facts.price ?? existing.price,
          beds: facts.beds ?? existing.beds,
          baths: facts.baths ?? existing.baths,
          living_area_sqft: facts.living_area_sqft ?? existing.living_area_sqft,
          days_on_market: facts.days_on_market ?? existing.days_on_market,
          photo_url: facts.photo_url ?? existing.photo_url,
        }
        // The same home seen on another site keeps the listing it was first saved from.
        if (!bySource) {
          merged.source = existing.source
          merged.source_id = existing.source_id
          merged.listing_url = existing.listing_url
        }
        const address = {
          street: merged.street,
          city: merged.city,
          state: merged.state,
          zip: merged.zip,
        }
        saved = {
          ...existing,
          ...merged,
          address_key: addressKey(address) ?? null,
          search_text: searchText({ ...merged, address }),
          updated_at: now,
        }
        await trx
          .updateTable('leads')
          .set({
            ...merged,
            address_key: saved.address_key,
            search_text: saved.search_text,
            updated_at: now,
          })
          .where('id', '=', existing.id)
          .execute()
      } else {
        saved = {
          id: newId(),
          user_id: userId,
          ...facts,
          address_key: key,
          status: 'new',
          notes: '',
          search_text: searchText({ ...facts, address: body.address }),
          created_at: now,
          updated_at: now,
        }
        await trx.insertInto('leads').values(saved).execute()
      }
      await recordApiCall(trx, userId, ctx.clock, 'lead')
      return { row: saved, created: !existing }
    })
  // Two saves of the same new lead at once: the unique index lets one insert; the other, run
  // again, finds that lead and updates it instead of answering 500.
  const { row, created } = await save().catch((error: unknown) => {
    if (isUniqueViolation(error)) return save()
    throw error
  })

  return {
    data: { lead: toLead(row), created },
    message: created ? 'Lead saved.' : 'Lead updated: you had already saved it.',
  }
})
