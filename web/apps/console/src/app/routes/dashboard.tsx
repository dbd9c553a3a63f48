import { Dashboard } from '@/features/reports';

export default function DashboardRoute() {
  return <Dashboard />;
}
