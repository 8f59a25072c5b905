import type { AppNotification, Employee, Shift, ShiftRequest } from '@/modules/api/types';

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
