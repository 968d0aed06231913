import { t } from '@lingui/core/macro';
import { FileGifOutlined, PictureOutlined, ScissorOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { editBlockedReason, type FeatureFlag, MESSAGES, type Video } from '@reelbase/api-client';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useAlert } from '../../services.tsx';
import { useCan, useTeamActive, useTeamFeatures } from '../teams/use-team.ts';

type ToolModal = ComponentType<{ video: Video; open: boolean; onClose(): void }>;

// The tools' code (cropper, player, forms, fonts) loads when a tool is first opened: one chunk for
// all four, since the sign-in page's shared chunks split finer with every extra lazy entry.
const tools = () => import('./tools/index.ts');
const TrimModal = lazy(() => tools().then((m) => ({ default: m.TrimModal })));
const CoverModal = lazy(() => tools().then((m) => ({ default: m.CoverModal })));
const WatermarkModal = lazy(() => tools().then((m) => ({ default: m.WatermarkModal })));
const GifModal = lazy(() => tools().then((m) => ({ default: m.GifModal })));

interface Tool {
  feature: FeatureFlag;
  label: string;
  icon: ReactNode;
  modal: ToolModal;
  primary?: boolean;
}

const TOOLS = {
  trim: { feature: 'videoTrimmer', get label() { return t`Trim`; }, icon: <ScissorOutlined aria-hidden />, modal: TrimModal },
  cover: { feature: 'setVideoImage', get label() { return t`Set Video Thumbnail`; }, icon: <PictureOutlined aria-hidden />, modal: CoverModal },
  watermark: { feature: 'addWatermark', get label() { return t`Add Watermark`; }, icon: <SafetyCertificateOutlined aria-hidden />, modal: WatermarkModal },
  gif: { feature: 'createGif', get label() { return t`Create Interactive GIF`; }, icon: <FileGifOutlined aria-hidden />, modal: GifModal, primary: true },
} satisfies Record<string, Tool>;
type ToolName = keyof typeof TOOLS;

/**
 * The edit tools of the single video page (an active team and a role that edits). A tool whose feature flag is
 * off answers with the spec's text instead of opening; the API refuses it as well.
 */
export function VideoTools({ video }: { video: Video }) {
  const features = useTeamFeatures();
  const alert = useAlert();
  const [open, setOpen] = useState<ToolName | null>(null);
  const canEdit = useCan('edit');
  const active = useTeamActive();
  if (!active || !canEdit) return null;
  // The tools work on the processed video: a trim or watermark in progress has to finish first.
  // They say why they are unavailable rather than being refused behind a dialog.
  const blocked = editBlockedReason(video);
  const reasonId = `tools-unavailable-${video.id}`;

  function start(name: ToolName) {
    if (!features?.[TOOLS[name].feature]) alert('error', MESSAGES.featureDisabled);
    else setOpen(name);
  }

  const Modal = open && TOOLS[open].modal;
  return (
    <>
      <Flex gap={8} wrap>
        {(Object.entries(TOOLS) as [ToolName, Tool][]).map(([name, t]) => (
          <Tooltip key={name} title={blocked}>
            <Button icon={t.icon} type={t.primary ? 'primary' : 'default'} disabled={!!blocked} aria-describedby={blocked ? reasonId : undefined} onClick={() => start(name)}>
              {t.label}
            </Button>
          </Tooltip>
        ))}
      </Flex>
      {blocked && (
        <Typography.Paragraph id={reasonId} type="secondary" data-testid="tools-unavailable" style={{ margin: '8px 0 0' }}>
          {blocked}
        </Typography.Paragraph>
      )}
      {Modal && (
        <Suspense fallback={null}>
          <Modal video={video} open onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}
