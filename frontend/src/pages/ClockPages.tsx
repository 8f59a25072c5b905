export { ClockPage } from '@/modules/clock/components/ClockPage';
export { NowPanel } from '@/modules/clock/components/NowPanel';
export { TimesheetPage } from '@/modules/clock/components/TimesheetPage';
export { ClockDevicePage } from '@/modules/clock/components/ClockDevicePage';
