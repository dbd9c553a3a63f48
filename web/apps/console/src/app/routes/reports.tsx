import { Reports } from '@/features/reports';

export default function ReportsRoute() {
  return <Reports />;
}
