import { PGlite } from '@electric-sql/pglite'
let t = performance.now()
const a = new PGlite()
await a.waitReady
console.log('first', performance.now() - t)
t = performance.now()
const b = new PGlite()
await b.waitReady
console.log('second', performance.now() - t)
await b.query('create table x (a int8, b int)')
await b.query('insert into x values (1, 2)')
console.log((await b.query('select a, b, count(*) as c, sum(b) as s from x group by a, b')).rows)
t = performance.now()
const c = await b.clone()
console.log('clone', performance.now() - t)
console.log(process.memoryUsage().rss/1e6)
