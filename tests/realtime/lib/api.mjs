// HTTP calls and the people of a test store.

/** Runs `POST /api/v1/<name>`; resolves to `{status, body}`. */
export async function call(server, name, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/api/v1/${name}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, body: await res.json() };
}

/** The `data` of a successful call; throws with the answer otherwise. */
export async function data(server, name, body, token) {
  const reply = await call(server, name, body, token);
  if (reply.status !== 200) {
    throw new Error(`${name} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  }
  return reply.body.data;
}

let counter = 0;

/** A unique e-mail address. */
export function email(name) {
  counter += 1;
  return `${name}.${process.pid}.${Date.now()}.${counter}@example.com`;
}

/** Signs up a new user: `{token, user, email, name}`. */
export async function signup(server, name) {
  const address = email(name);
  const d = await data(server, 'signup', {
    email: address,
    password: 'correct horse 42',
    firstName: name,
    lastName: 'Test',
  });
  return { token: d.token, user: d.user, id: d.user.id, email: address, name };
}

/** Creates a store owned by `owner`; returns its id. */
export async function createStore(server, owner, name = 'Test Shop') {
  const d = await data(
    server,
    'createBusiness',
    { name, type: 'hospitality and leisure', timezoneReference: 'Europe/Berlin' },
    owner.token,
  );
  return d.storeId;
}

/** Invites a new person with `permissions`, signs them up and joins them to the store. */
export async function addMember(cluster, manager, storeId, name, permissions = []) {
  const server = cluster.server;
  const person = await signup(server, name);
  const invited = await data(
    server,
    'inviteEmployee',
    {
      store: storeId,
      employee: { email: person.email, role: [], wageType: 'Hourly', wage: {}, permissions },
    },
    manager.token,
  );
  const mail = cluster.mailsTo(person.email).at(-1);
  const at = mail.indexOf('invitation code: ') + 'invitation code: '.length;
  const code = mail.slice(at, at + 8);
  await data(server, 'joinBusinessWithInvitation', { email: person.email, code }, person.token);
  return { ...person, employeeId: invited.employee.id };
}

/**
 * A store with its owner, a second manager (schedule and employee permissions) and two
 * employees: `{storeId, owner, manager, ann, ben, managers, employees, everyone}`.
 */
export async function createTeam(cluster) {
  const owner = await signup(cluster.server, 'Owner');
  const storeId = await createStore(cluster.server, owner);
  const manager = await addMember(cluster, owner, storeId, 'Manager', ['schedule', 'employee']);
  const ann = await addMember(cluster, owner, storeId, 'Ann', ['availabletime']);
  const ben = await addMember(cluster, owner, storeId, 'Ben');
  return {
    storeId,
    owner,
    manager,
    ann,
    ben,
    managers: [owner, manager],
    employees: [ann, ben],
    everyone: [owner, manager, ann, ben],
  };
}
