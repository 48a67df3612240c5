import type { ReactNode } from 'react';
import type { TabId } from '../../common/contracts/tabs';

// Small stroke icons drawn inline (no icon package, no CDN: the CSP allows only same-origin resources).
interface IconProps {
  className?: string;
}

/** The 24-unit outline every stroke icon is drawn in; `isRounded` (the default) rounds the lines' ends and corners. */
function StrokeSvg({
  className,
  isRounded = true,
  children,
}: IconProps & { isRounded?: boolean; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      {...(isRounded ? ({ strokeLinecap: 'round', strokeLinejoin: 'round' } as const) : {})}
      aria-hidden="true"
      focusable="false"
      className={className ?? 'h-5 w-5'}
    >
      {children}
    </svg>
  );
}

function StrokeIcon({ d, className }: { d: string } & IconProps) {
  return (
    <StrokeSvg {...(className ? { className } : {})}>
      <path d={d} />
    </StrokeSvg>
  );
}

const TAB_ICON_PATHS: Record<TabId, string> = {
  stores: 'M3 9l1.5-5h15L21 9M3 9h18M3 9v11h18V9M9 20v-6h6v6',
  'ai-assistant':
    'M12 3l1.8 4.2L18 9l-4.2 1.8L12 15l-1.8-4.2L6 9l4.2-1.8zM18.5 15l.8 1.7 1.7.8-1.7.8-.8 1.7-.8-1.7-1.7-.8 1.7-.8z',
  'dump-product': 'M12 3v12M7 10l5 5 5-5M4 20h16',
  'dump-categories': 'M3 6h6l2 2h10v11H3zM8 13h8M8 16h5',
  'dump-widgets': 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  'widgets-visualization': 'M3 3h18v18H3zM3 12h9M12 3v18M12 15h9',
  'import-product': 'M12 21V9M7 14l5-5 5 5M4 4h16',
  'import-widgets': 'M12 3l9 5-9 5-9-5zM3 13l9 5 9-5',
  'copy-description': 'M9 9h11v11H9zM5 15H4V4h11v1',
  'reset-page-title': 'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5',
  'spreadsheet-edit': 'M4 4h16v16H4zM4 9h16M4 14h16M10 4v16',
  'video-converter': 'M3 5h18v14H3zM7 5v14M17 5v14M3 9.5h4M3 14.5h4M17 9.5h4M17 14.5h4',
  'video-h265-converter':
    'M7 18h10a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.1 9.6 4.2 4.2 0 0 0 7 18zM12 15v-5M9.5 12.5 12 10l2.5 2.5',
  'video-360-converter': 'M3 12c0-2.2 4-4 9-4s9 1.8 9 4-4 4-9 4M12 16l2-2M12 16l2 2M12 3v3M12 18v3',
  'keyword-extractor': 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4M8 11h6',
  'store-history': 'M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5M3.5 4v4.5H8M12 7.5V12l3 2',
  'admin-users':
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a7 7 0 0 1 14 0v1M16 3.2a4 4 0 0 1 0 7.6M22 21v-1a7 7 0 0 0-4-6.3',
  'profile-settings': 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
};

export function TabIcon({ tab, className }: { tab: TabId } & IconProps) {
  return <StrokeIcon d={TAB_ICON_PATHS[tab]} {...(className ? { className } : {})} />;
}

export function MenuIcon(props: IconProps) {
  return <StrokeIcon d="M4 6h16M4 12h16M4 18h16" {...props} />;
}

export function CloseIcon(props: IconProps) {
  return <StrokeIcon d="M6 6l12 12M18 6L6 18" {...props} />;
}

export function ChevronDownIcon(props: IconProps) {
  return <StrokeIcon d="M6 9l6 6 6-6" {...props} />;
}

export function GlobeIcon(props: IconProps) {
  return (
    <StrokeIcon
      d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z"
      {...props}
    />
  );
}

export function LogoutIcon(props: IconProps) {
  return <StrokeIcon d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" {...props} />;
}

export function UserIcon(props: IconProps) {
  return <StrokeIcon d={TAB_ICON_PATHS['profile-settings']} {...props} />;
}

export function ToolboxIcon(props: IconProps) {
  return (
    <StrokeIcon d="M3 9h18v10H3zM8 9V6a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v3M3 13h18M10 13v2h4v-2" {...props} />
  );
}

export function PlusIcon(props: IconProps) {
  return <StrokeIcon d="M12 5v14M5 12h14" {...props} />;
}

/** A side panel, with an arrow towards where it would go: in when expanded, out when collapsed. */
export function SidePanelIcon({ isExpanded, ...props }: { isExpanded: boolean } & IconProps) {
  return (
    <StrokeIcon d={`M4 5h16v14H4zM9 5v14${isExpanded ? 'M15 10l-2 2 2 2' : 'M13 10l2 2-2 2'}`} {...props} />
  );
}

export function TrashIcon(props: IconProps) {
  return <StrokeIcon d="M4 7h16M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3" {...props} />;
}

/** The admin mark (spec: "marked with a crown"); filled, in amber. */
export function CrownIcon({ className }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className ?? 'h-4 w-4 text-amber-500'}
    >
      <path fill="currentColor" d="M3 7.5l4.5 4L12 4l4.5 7.5L21 7.5 19 19H5z" />
    </svg>
  );
}

/** An eye (show a secret), struck through when closed (hide it); its lines keep square ends. */
export function EyeIcon({ isOpen, ...props }: { isOpen: boolean } & IconProps) {
  return (
    <StrokeSvg isRounded={false} {...props}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {!isOpen && <path d="M4 4l16 16" />}
    </StrokeSvg>
  );
}
