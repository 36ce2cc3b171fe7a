import type { UserListQuery } from '@contract/users';
import { userPaths } from '@contract/users';
import { ExportCsvButton } from '@/ui/export-csv-button';

/** 'Export CSV' of the users list as filtered now (every page). */
export function ExportUsersButton({ search }: { search: UserListQuery }) {
  const { page: _page, limit: _limit, ...filters } = search;
  return <ExportCsvButton path={userPaths.export} query={filters} fileName="users.csv" />;
}
