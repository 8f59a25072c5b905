import { memo, useMemo } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import styled, { createGlobalStyle } from 'styled-components';
import type { Role, Shift } from '@/modules/api/types';
import { ink } from '@/modules/ui/theme/tokens';
import { formatTimeRange } from '@/modules/ui/utils/format';
import { OPEN_ROW } from '../utils/boardIndex';
import { employeeName, shownIn, type BoardFilter, type BoardLine } from '../utils/boardView';
import { printFontPt } from '../utils/printFit';

/**
 * Paper shows only the printed week: one landscape page, no menus or toolbars. The week is a
 * sibling of the app's root, so hiding the app hides everything else.
 */
const PrintPage = createGlobalStyle`
  @media print {
    @page { size: A4 landscape; margin: 8mm; }
    html, body { background: ${ink.white} !important; }
    body > *:not([data-print-week]) { display: none !important; }
    body > [data-print-week] { display: block !important; }
  }
`;

const StyledSheet = styled.div<{ $pt: number }>`
  display: none;
  color: ${ink.black};
  background: ${ink.white};
  font-family: system-ui, sans-serif;
  font-size: ${({ $pt }) => $pt}pt;
  line-height: 1.15;
  -webkit-print-color-adjust: exact;
  print-color-adjust: exact;
  header { display: flex; justify-content: space-between; align-items: baseline; margin-bottom: 2mm; }
  h1 { font-size: 13pt; margin: 0; }
  table { width: 100%; border-collapse: collapse; table-layout: fixed; }
  th, td { border: 0.6pt solid ${ink.black}; padding: 0.6mm 0.8mm; vertical-align: top; text-align: start; overflow: hidden; overflow-wrap: anywhere; }
  th { background: ${ink.white}; font-weight: 700; }
  thead th:first-child, tbody th { width: 13%; }
  tr { break-inside: avoid; }
`;

/** One shift on paper: times, title and role, status in words (never by colour alone). */
const StyledShift = styled.div<{ $draft: boolean }>`
  border: 0.6pt ${({ $draft }) => ($draft ? 'dashed' : 'solid')} ${ink.black};
  padding: 0.3mm 0.6mm;
  margin-bottom: 0.5mm;
  break-inside: avoid;
  b { margin-inline-end: 0.8mm; }
`;

export interface PrintWeekProps {
  storeName: string;
  rangeLabel: string;
  lines: readonly BoardLine[];
  days: readonly number[];
  roles: readonly Role[];
  zone: string;
  filter: BoardFilter;
}

/** The week as printed: the store and the range on top, a row per person with shifts, a column per day. */
export const PrintWeek = memo(function PrintWeek({ storeName, rangeLabel, lines, days, roles, zone, filter }: PrintWeekProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const roleById = useMemo(() => new Map(roles.map((r) => [r.id, r])), [roles]);
  const rows = useMemo(
    () =>
      lines
        .map((line) => ({ line, cells: days.map((_, i) => shownIn(line.row?.cells.get(i) ?? [], filter)) }))
        .filter((r) => r.cells.some((c) => c.length > 0)),
    [lines, days, filter],
  );
  const pt = printFontPt(
    rows.map((r) => Math.max(...r.cells.map((c) => c.length))),
    days.length,
  );
  const head = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: zone });
  const printed = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }).format(Date.now());
  const shiftText = (s: Shift) => {
    const role = s.role ? roleById.get(s.role)?.title : undefined;
    return { times: formatTimeRange(s.start, s.oe ? null : s.end, zone, locale), what: role && role !== s.title ? `${s.title} · ${role}` : s.title };
  };
  return createPortal(
    <StyledSheet $pt={pt} data-print-week="" data-testid="print-week" dir={i18n.dir(locale)}>
      <PrintPage />
      <header>
        <h1>{t('boardActions.print.title', { store: storeName, range: rangeLabel })}</h1>
        <span>{t('boardActions.print.printed', { date: printed })}</span>
      </header>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('schedule.employees')}</th>
            {days.map((d) => (
              <th key={d} scope="col">{head.format(d)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ line, cells }) => (
            <tr key={line.key}>
              <th scope="row">
                {line.employee ? employeeName(line.employee) : line.key === OPEN_ROW ? t('boardActions.print.open') : t('schedule.formerMember')}
              </th>
              {cells.map((list, i) => (
                <td key={days[i]}>
                  {list.map((s) => {
                    const text = shiftText(s);
                    return (
                      <StyledShift key={s.id} $draft={s.status === 'draft'}>
                        <b>{text.times}</b>
                        {text.what} · {t(`schedule.status.${s.status}`)}
                      </StyledShift>
                    );
                  })}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p>{t('boardActions.print.legend')}</p>
    </StyledSheet>,
    document.body,
  );
});
