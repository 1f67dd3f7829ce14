import { routes } from '../../api/routes.ts'
import { defineRoute } from '../http/define-route.ts'

/** GET /listings: the caller's conversions, newest first. */
export default defineRoute(routes.listListings, async ({ query, userId }, ctx) => {
  const { page, page_size: pageSize } = query
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('listings')
      .select([
        'id',
        'source',
        'source_id',
        'url',
        'address',
        'price',
        'listing_type',
        'photo_count',
        'created_at',
      ])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    ctx.db
      .selectFrom('listings')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ])
  return {
    data: {
      items: rows.map((r) => ({
        _id: r.id,
        source: r.source,
        source_id: r.source_id,
        url: r.url,
        address: r.address,
        price: r.price,
        listing_type: r.listing_type === 'rent' ? ('rent' as const) : ('sale' as const),
        photo_count: r.photo_count,
        created_at: r.created_at,
      })),
      page,
      page_size: pageSize,
      total: Number(total.n),
    },
  }
})
