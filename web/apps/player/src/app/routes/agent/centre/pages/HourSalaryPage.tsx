// Agent centre: the hourly_wage bills (BillsPage).
import { BillsPage } from './BillsPage';

export default function HourSalaryPage() {
  return <BillsPage type="hourly_wage" />;
}
