// The people of a benchmark store, seeded in SQL before any store actor loads them, with open
// sessions whose tokens are signed here with the server's JWT secret (no sign-in per person).
import { createHmac, randomUUID } from 'node:crypto';
import { dbUrl, psql } from './targets.mjs';

function jwt(secret, claims) {
  const part = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/**
 * Seeds `n` members of a store (users, employee records, sessions) and whatever `extra` adds
 * per member: SQL of further CTEs over `g` (its `g`, `uid`, `eid` columns and the extra
 * `shid` id), selected back as `extraColumn`. Returns `{ user, employee, extra, storeId, token }`.
 */
export function seedMembers(target, storeId, n, { label, extra = '', extraColumn = null } = {}) {
  const url = dbUrl(target.db);
  const tag = `${label}-${randomUUID().slice(0, 8)}`;
  const rows = psql(url, `
    WITH g AS (SELECT g, gen_random_uuid() AS uid, gen_random_uuid() AS eid, gen_random_uuid() AS sid,
                      gen_random_uuid() AS shid FROM generate_series(1, ${n}) g),
    u AS (INSERT INTO users (id, email, password_hash, first_name, last_name, status, personal_information_status)
          SELECT uid, '${tag}-' || g || '@bench.example.com', '-', 'Bench', 'Member ' || g, 'confirmed', 'set' FROM g),
    e AS (INSERT INTO employees (id, store_id, user_id, email, full_name)
          SELECT eid, '${storeId}', uid, '${tag}-' || g || '@bench.example.com', 'Bench Member ' || g FROM g),
    s AS (INSERT INTO sessions (id, user_id, created_at, expires_at, signed_in_at)
          SELECT sid, uid, now(), now() + interval '1 day', now() FROM g)
    ${extra}
    SELECT uid || ',' || sid || ',' || eid ${extraColumn ? `|| ',' || ${extraColumn}` : ''} FROM g`);
  const issued = Math.floor(Date.now() / 1000);
  return rows.trim().split('\n').map((line) => {
    const [user, session, employee, extraValue] = line.split(',');
    return {
      user,
      employee,
      extra: extraValue,
      storeId,
      token: jwt(target.jwtSecret, { sub: user, sid: session, iat: issued, exp: issued + 86400 }),
    };
  });
}
