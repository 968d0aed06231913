import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AnalyticsPicture, EditPicture, EmbedPicture, OrganisePicture, UploadPicture } from './guide-pictures.tsx';

interface Guide {
  id: string;
  title: string;
  picture: ReactNode;
  steps: ReactNode[];
}

/**
 * The guides, in the order a new customer meets the tasks. Button names are the screens' own: the
 * same messages as on those screens, so each language names them as its screens do.
 */
function guides(): Guide[] {
  const myVideos = t`My videos`;
  const upload = t`Upload video`;
  const importVideo = t`Import video`;
  const createFolder = t`Create folder`;
  const move = t`Move to folder`;
  const copy = t`Copy embed code`;
  const trim = t`Trim`;
  const thumbnail = t`Set Video Thumbnail`;
  const watermark = t`Add Watermark`;
  const gif = t`Create Interactive GIF`;
  const disabled = t`This action is disabled. Contact your administrator.`;
  const analytics = t`Analytics`;
  const usage = t`View Usage`;
  return [
    {
      id: 'upload',
      title: t`Upload a video`,
      picture: <UploadPicture />,
      steps: [
        <Trans key="1">
          On <Link to="/">{myVideos}</Link>, choose <b>{upload}</b>.
        </Trans>,
        t`Drop one or more video files into the dialog, or browse for them. Each file shows its own progress; an interrupted upload resumes where it stopped.`,
        t`Once uploaded, the video is processed: it plays as soon as the first version is ready, and the other qualities follow.`,
        <Trans key="4">
          To take a video from another site instead, choose <b>{importVideo}</b> and paste its address.
        </Trans>,
      ],
    },
    {
      id: 'organise',
      title: t`Organise your videos in folders`,
      picture: <OrganisePicture />,
      steps: [
        <Trans key="1">
          Choose <b>{createFolder}</b> and name it. Folders can hold folders; the trail above the list takes you back up.
        </Trans>,
        <Trans key="2">
          Select videos with their check boxes, then <b>{move}</b> and pick where they go.
        </Trans>,
        t`Search from the top bar: from the top level it looks in every folder, inside a folder in that folder only.`,
      ],
    },
    {
      id: 'embed',
      title: t`Put a video on your website`,
      picture: <EmbedPicture />,
      steps: [
        t`Open the video and find the Embedding panel.`,
        t`Set a width and height if your page needs a fixed size, and a “Redirect at End” address if viewers should go on to another page when the video ends.`,
        <Trans key="3">
          Choose <b>{copy}</b> and paste the snippet into your page’s HTML.
        </Trans>,
        t`The player settings beside it (colours, controls, what happens at the end) apply to every copy of the snippet, also those already on your pages.`,
      ],
    },
    {
      id: 'edit',
      title: t`Edit a video`,
      picture: <EditPicture />,
      steps: [
        <Trans key="1">
          Open the video. <b>{trim}</b> keeps the part between two handles, as a new video or in place of the old one.
        </Trans>,
        <Trans key="2">
          <b>{thumbnail}</b> picks the picture shown before playing; <b>{watermark}</b> places your logo over the video.
        </Trans>,
        <Trans key="3">
          <b>{gif}</b> turns a few seconds into a GIF with text and a link, for mails and pages where a player cannot go.
        </Trans>,
        t`A tool that is not part of your account says “${disabled}”`,
      ],
    },
    {
      id: 'analytics',
      title: t`See who watches`,
      picture: <AnalyticsPicture />,
      steps: [
        <Trans key="1">
          <Link to="/video-analytics">{analytics}</Link> shows plays, unique viewers and watch time of your videos over the dates you choose.
        </Trans>,
        t`Open one video’s figures to see how much of it viewers watch, where they drop off, and their locations, devices and browsers.`,
        <Trans key="3">
          <Link to="/usage">{usage}</Link> shows your storage and this month’s bandwidth against your plan.
        </Trans>,
      ],
    },
  ];
}

/** "How to": short guides with a picture each, one card per task. */
export function HowToPage() {
  const all = guides();
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 26, marginTop: 0 }}>
        <Trans>How to</Trans>
      </Typography.Title>
      <nav aria-label={t`Guides`} style={{ marginBottom: 16 }}>
        {all.map((g, i) => (
          <span key={g.id}>
            {i > 0 && ' · '}
            <a href={`#${g.id}`}>{g.title}</a>
          </span>
        ))}
      </nav>
      <Row gutter={[24, 24]}>
        {all.map((g) => (
          <Col key={g.id} xs={24} lg={12}>
            <Card id={g.id} style={{ height: '100%' }}>
              <section aria-labelledby={`${g.id}-title`}>
                <Typography.Title level={2} id={`${g.id}-title`} style={{ fontSize: 18, marginTop: 0 }}>
                  {g.title}
                </Typography.Title>
                <div style={{ display: 'flex', gap: 20, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                  <div style={{ flex: '1 1 200px', maxWidth: 320 }}>{g.picture}</div>
                  <ol style={{ flex: '1 1 240px', margin: 0, paddingInlineStart: 20, display: 'grid', gap: 8 }}>
                    {g.steps.map((step, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the steps are fixed text
                      <li key={i}>{step}</li>
                    ))}
                  </ol>
                </div>
              </section>
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
