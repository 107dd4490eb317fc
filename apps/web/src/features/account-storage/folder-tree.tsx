import { FolderOutlined } from '@ant-design/icons';
import type { FolderNode } from '@app/contract/storage/folders';
import { Tree, type TreeDataNode } from 'antd';
import { type Key, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './folder-tree.css';

/** Where the list looks: every file, the top level, or one folder. */
export type FolderChoice = 'all' | 'root' | string;

function toTreeData(nodes: FolderNode[]): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: `${node.folder} (${node.files_count})`,
    icon: <FolderOutlined />,
    children: toTreeData(node.sub_folders),
  }));
}

/** Every folder id with its name and depth, for the move pickers (a folder's own subtree left out). */
export function flattenFolders(
  nodes: FolderNode[],
  exclude?: string,
  depth = 0,
): { id: string; name: string; depth: number }[] {
  return nodes.flatMap((node) =>
    node.id === exclude
      ? []
      : [{ id: node.id, name: node.folder, depth }, ...flattenFolders(node.sub_folders, exclude, depth + 1)],
  );
}

export function findFolder(nodes: FolderNode[], id: string): FolderNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const inside = findFolder(node.sub_folders, id);
    if (inside) return inside;
  }
  return undefined;
}

export function FolderTree({
  folders,
  selected,
  onSelect,
}: {
  folders: FolderNode[];
  selected: FolderChoice;
  onSelect: (choice: FolderChoice) => void;
}) {
  const { t } = useTranslation();
  // Folders start open, new ones included (they arrive after the first render); the user may close any.
  const ids = flattenFolders(folders)
    .map((folder) => folder.id)
    .join(',');
  const [expanded, setExpanded] = useState<Key[]>(['root']);
  useEffect(() => {
    setExpanded((open) => [...new Set([...open, 'root', ...(ids ? ids.split(',') : [])])]);
  }, [ids]);
  const data: TreeDataNode[] = [
    { key: 'all', title: t('All files'), icon: <FolderOutlined /> },
    { key: 'root', title: t('Top level'), icon: <FolderOutlined />, children: toTreeData(folders) },
  ];
  return (
    <Tree
      className="folder-tree"
      showIcon
      blockNode
      titleRender={(node) => <span title={String(node.title)}>{String(node.title)}</span>}
      expandedKeys={expanded}
      onExpand={setExpanded}
      treeData={data}
      selectedKeys={[selected]}
      onSelect={(keys) => {
        const key = keys[0];
        if (key !== undefined) onSelect(String(key));
      }}
    />
  );
}
