import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 26 (controls): speed and quality menus, picture-in-picture, the captions button, keyboard
 * shortcuts and resume, each a switch of the video's player settings, on for existing videos too
 * (the defaults of that day, written out: a migration must not follow later changes of them).
 */
export class Migration20261244000001PlayerControls extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `update videos set player_config = '{"speedMenu":true,"qualityMenu":true,"pictureInPicture":true,"captionsButton":true,"keyboardShortcuts":true,"resumePlayback":true}'::jsonb || player_config;`,
    );
  }
}
