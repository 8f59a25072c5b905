import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PoolEntry } from '@/modules/api/types';
import { errorText } from '@/modules/api/errors';
import { useLiveFeeds } from '@/modules/app/hooks/useLiveFeeds';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { useReportedCall } from '@/modules/snackbar/hooks/useReportedCall';
import { useCurrentStore } from '@/modules/stores/hooks/useCurrentStore';
import { Button } from '@/modules/ui/components/Button';
import { Card, Muted, PageHeader, Row, Stack } from '@/modules/ui/components/Layout';
import { CardItem, CardList } from '@/modules/ui/components/List';
import { Loading } from '@/modules/ui/components/Spinner';
import { roleColors } from '@/modules/ui/theme/tokens';
import { poolAction, sortPool, type PoolAction } from '../utils/pool';

/** The calls behind each action. */
type PoolCall = 'grabShift' | 'takeOpenShift' | 'approveGrabShift' | 'rejectGrabShift';

/**
 * The shift pool, live: open shifts and colleagues' drops to take or grab for employees; for
 * managers every entry, with grabs waiting for their answer first.
 */
export function ShiftPool({ manager }: { manager: boolean }) {
  const { t, i18n } = useTranslation();
  const { call: run } = useReportedCall();
  const { storeId, store, roles, me, employees } = useCurrentStore();
  const zone = store?.timezoneReference ?? 'UTC';
  // The frame's read, which the navigation badge counts too.
  const { data, error, reload } = useLiveFeeds().pool;
  const [busy, setBusy] = useState<string | null>(null);
  const entries = useMemo(() => sortPool(data ?? [], manager), [data, manager]);
  const roleById = new Map(roles.map((r) => [r.id, r]));
  const nameOf = (id: string | null | undefined) => {
    const e = employees.find((x) => x.id === id);
    return e ? e.displayName || e.email : t('pool.someone');
  };
  const day = new Intl.DateTimeFormat(i18n.resolvedLanguage, { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone });

  const act = async (entry: PoolEntry, call: PoolCall) => {
    const { shift, request } = entry;
    // Grabbing and answering a grab are offered for drops only (see `poolAction`).
    if (!storeId || (call !== 'takeOpenShift' && !request)) return;
    const requestId = request?.id ?? '';
    setBusy(entry.shift.id);
    const report = { key: `pool-${entry.shift.id}`, done: `pool.done.${call}` };
    if (call === 'takeOpenShift') await run(call, { store: storeId, shiftId: shift.id }, report);
    else if (call === 'grabShift') await run(call, { store: storeId, dropReuestId: requestId }, report);
    else await run(call, { store: storeId, requestId }, report);
    // Answered or refused, the pool may have changed meanwhile.
    reload();
    setBusy(null);
  };

  const actions = (entry: PoolEntry, action: PoolAction) => {
    const disabled = busy === entry.shift.id;
    switch (action) {
      case 'take':
        return <Button $small disabled={disabled} onClick={() => void act(entry, 'takeOpenShift')} data-testid="take-shift">{t('pool.take')}</Button>;
      case 'grab':
        return <Button $small disabled={disabled} onClick={() => void act(entry, 'grabShift')} data-testid="grab-shift">{t('pool.grab')}</Button>;
      case 'answer':
        return (
          <Row $gap={2}>
            <Button $small disabled={disabled} onClick={() => void act(entry, 'approveGrabShift')} data-testid="approve-grab">{t('pool.approve')}</Button>
            <Button $small $variant="secondary" disabled={disabled} onClick={() => void act(entry, 'rejectGrabShift')} data-testid="reject-grab">{t('pool.reject')}</Button>
          </Row>
        );
      case 'own':
        return <Muted>{t('pool.yourDrop')}</Muted>;
      case 'waiting':
        return <Muted>{t('pool.waitingForManager')}</Muted>;
      case 'none':
        return null;
    }
  };

  if (!store || !me) return <Loading label={t('common.loading')} />;
  return (
    <Stack>
      <PageHeader>
        <h1>{t('pool.title')}</h1>
      </PageHeader>
      <Muted>{t(manager ? 'pool.managerIntro' : 'pool.intro')}</Muted>
      {error ? <Card role="alert">{errorText(t, error)}</Card> : null}
      {data === null && !error ? <Muted>{t('common.loading')}</Muted> : null}
      {data !== null && entries.length === 0 ? <Card data-testid="pool-empty">{t('pool.empty')}</Card> : null}
      <CardList data-testid="pool">
        {entries.map((entry) => {
          const { shift, request } = entry;
          const role = shift.role ? roleById.get(shift.role) : undefined;
          const action = poolAction(entry, me.id, manager);
          return (
            <CardItem
              key={shift.id}
              $accent={role?.color ?? roleColors.none}
              data-testid="pool-entry"
              data-shift-id={shift.id}
              data-kind={request ? request.status : 'open'}
            >
              <Row $justify="space-between">
                <strong>{day.format(shift.start)}</strong>
                <Muted>{request ? t(`pool.status.${request.status}`) : t('pool.open')}</Muted>
              </Row>
              <span>
                {formatTimeRange(shift.start, shift.end, zone, i18n.resolvedLanguage)} · {shift.title}
                {role && role.title !== shift.title ? ` · ${role.title}` : ''}
              </span>
              {request ? (
                <Muted>
                  {t('pool.droppedBy', { name: request.employeeName ?? nameOf(request.employeeId) })}
                  {request.status === 'grabbed' ? ` · ${t('pool.grabbedBy', { name: nameOf(request.grabbedBy) })}` : ''}
                </Muted>
              ) : null}
              {actions(entry, action)}
            </CardItem>
          );
        })}
      </CardList>
    </Stack>
  );
}
