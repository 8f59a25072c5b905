import type { AppNotification, Employee, Shift, ShiftRequest } from '@/modules/api/types';
import type { Catalogue, Invoice, Subscription } from '@/modules/billing/types/billing';

let n = 0;

/** A shift with sensible defaults. */
export function shift(over: Partial<Shift> = {}): Shift {
  n += 1;
  return {
    id: `shift-${n}`,
    storeId: 'store-1',
    title: 'Barista',
    start: Date.UTC(2026, 10, 17, 8),
    end: Date.UTC(2026, 10, 17, 16),
    status: 'draft',
    progress: 'ns',
    assigned: null,
    assigneeEmail: null,
    role: 'role-1',
    oe: false,
    tasks: [],
    rate: null,
    cancelReason: null,
    adjacentSessionId: null,
    version: 1,
    timestamp: 0,
    modified: 0,
    ...over,
  };
}

/** An employee record with sensible defaults. */
export function employee(over: Partial<Employee> = {}): Employee {
  n += 1;
  return {
    id: `employee-${n}`,
    email: `person${n}@example.com`,
    fullname: `Person ${n}`,
    displayName: `Person ${n}`,
    role: ['role-1'],
    store: 'store-1',
    deactive: false,
    timestamp: 0,
    modified: 0,
    userId: `user-${n}`,
    phonenumber: null,
    img: null,
    displayImg: null,
    birthday: null,
    ...over,
  };
}

/** A drop request of `employeeId`'s, `grabbedBy` someone or not. */
export function dropRequest(employeeId: string, status: ShiftRequest['status'], grabbedBy: string | null = null): ShiftRequest {
  return {
    id: `r-${employeeId}`,
    storeId: 's',
    type: 'dropshift',
    user: null,
    employeeId,
    employeeName: 'Ana',
    status,
    start: null,
    end: null,
    entireDay: false,
    description: null,
    response: null,
    responseBy: null,
    coveringDates: [],
    shift: 'x',
    grabbedBy,
    timestamp: 0,
    modified: 0,
  };
}

/** A private notification about a new shift. */
export function notification(id: string, timestamp: number, seen = false): AppNotification {
  return {
    id,
    storeId: 's',
    title: id,
    content: '',
    code: null,
    params: {},
    seen,
    type: 'newshift',
    variant: 4,
    source: null,
    dropRequest: null,
    timeoffRequest: null,
    shiftPropose: null,
    reason: null,
    conversation: null,
    accessFor: 'u',
    shift: null,
    timestamp,
  };
}

/** The default catalogue as the server answers it: free, starter, basic and premium in dollars. */
export function catalogue(over: Partial<Catalogue> = {}): Catalogue {
  const prices = (month: number, year: number) => [
    { interval: 'month' as const, unitAmount: month },
    { interval: 'year' as const, unitAmount: year },
  ];
  return {
    billing: true,
    nonProfitOffered: true,
    currency: 'usd',
    trialDays: 60,
    nonProfitDiscountPercent: 20,
    yearlySavingPercent: 40,
    products: [
      { id: 'free', limits: { employees: 5, roles: 3, assistant: false }, prices: [] },
      { id: 'starter', limits: { employees: 15, roles: 10, assistant: false }, prices: prices(417, 2999) },
      { id: 'basic', limits: { employees: 50, roles: null, assistant: false }, prices: prices(694, 4999) },
      { id: 'premium', limits: { employees: null, roles: null, assistant: true }, prices: prices(1111, 7999) },
    ],
    ...over,
  };
}

/** A store on the free plan with room to spare, as its owner sees it. */
export function subscription(over: Partial<Subscription> = {}): Subscription {
  return {
    billing: true,
    plan: 'free',
    status: 'none',
    interval: null,
    quantity: null,
    trialEnd: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    limits: { employees: 5, roles: 3, assistant: false },
    employees: 2,
    roles: 1,
    trialAvailable: true,
    canManage: true,
    ...over,
  };
}

/** A paid invoice of a month of premium. */
export function invoice(over: Partial<Invoice> = {}): Invoice {
  n += 1;
  return {
    id: `in_${n}`,
    number: `CLK-000${n}`,
    status: 'paid',
    total: 6666,
    currency: 'usd',
    created: Date.UTC(2026, 10, 1, 9),
    periodStart: Date.UTC(2026, 10, 1),
    periodEnd: Date.UTC(2026, 11, 1),
    hostedInvoiceUrl: `https://pay.example.com/i/${n}`,
    invoicePdf: `https://pay.example.com/i/${n}.pdf`,
    ...over,
  };
}
