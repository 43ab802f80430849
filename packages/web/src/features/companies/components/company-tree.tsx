import type { TCompany } from '@portal/contract';
import { Empty, Flex, Spin, Tree, type TreeDataNode, theme, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../shared/ui/error-state.tsx';
import { CompanyLogo } from './company-logo.tsx';
import {
  ancestorsOfMatches,
  buildCompanyTree,
  nameMatches,
  type TCompanyNode,
} from './company-tree-model.ts';

export type TCompanyTreeProps = {
  companies: readonly TCompany[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The table's search: matching names are highlighted and their branches opened. */
  search: string;
  selectedId: number | null;
  onSelect: (companyId: number | null) => void;
};

/** The name with the searched part marked. */
function Highlighted({ name, search }: { name: string; search: string }) {
  const { token } = theme.useToken();
  const needle = search.trim().toLocaleLowerCase();
  const at = needle ? name.toLocaleLowerCase().indexOf(needle) : -1;
  if (at < 0) return <>{name}</>;
  return (
    <>
      {name.slice(0, at)}
      <mark
        style={{ background: token.colorWarningBg, color: 'inherit', padding: 0 }}
        data-testid="tree-match"
      >
        {name.slice(at, at + needle.length)}
      </mark>
      {name.slice(at + needle.length)}
    </>
  );
}

function toTreeData(nodes: TCompanyNode[], title: (company: TCompany) => ReactNode): TreeDataNode[] {
  return nodes.map(({ company, children }) => ({
    key: company.companyId,
    title: title(company),
    children: toTreeData(children, title),
  }));
}

/**
 * The caller's companies as a tree (admins: every company). Choosing one narrows the table to the
 * companies directly under it; choosing it again shows every company again.
 */
export function CompanyTree({
  companies,
  loading,
  error,
  onRetry,
  search,
  selectedId,
  onSelect,
}: TCompanyTreeProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const tree = useMemo(() => buildCompanyTree(companies), [companies]);
  const [expanded, setExpanded] = useState<number[]>([]);

  // Open the top of the tree once it loads, and every branch leading to a match when searching.
  useEffect(() => {
    const roots = tree.map((node) => node.company.companyId);
    setExpanded((current) => [...new Set([...current, ...roots, ...ancestorsOfMatches(companies, search)])]);
  }, [tree, companies, search]);

  const treeData = useMemo(
    () =>
      toTreeData(tree, (company) => (
        <Flex component="span" gap={6} align="center" style={{ display: 'inline-flex', minWidth: 0 }}>
          <CompanyLogo hash={company.companyLogoHash} size={20} />
          <span
            style={{
              color: company.active ? undefined : token.colorTextSecondary,
              fontWeight: nameMatches(company.companyName, search) ? 600 : undefined,
            }}
          >
            <Highlighted name={company.companyName} search={search} />
          </span>
        </Flex>
      )),
    [tree, search, token.colorTextSecondary],
  );

  if (error && companies.length === 0) return <ErrorState error={error} onRetry={onRetry} />;
  if (loading) return <Spin style={{ display: 'block', margin: 24 }} />;
  if (companies.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('companies.treeEmpty')} />;
  return (
    <>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 12 }}>
        {t('companies.treeHint')}
      </Typography.Text>
      <Tree
        treeData={treeData}
        blockNode
        showLine={{ showLeafIcon: false }}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(Number))}
        selectedKeys={selectedId === null ? [] : [selectedId]}
        onSelect={(keys) => onSelect(keys.length ? Number(keys[0]) : null)}
        aria-label={t('companies.tree')}
        data-testid="company-tree"
      />
    </>
  );
}
