// Agent centre: the realtime bills (BillsPage).
import { BillsPage } from './BillsPage';

export default function RealtimeSalaryPage() {
  return <BillsPage type="realtime" />;
}
