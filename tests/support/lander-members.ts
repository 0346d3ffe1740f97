import { DEMO } from './server.ts';
import type { Factories, TestPhoto } from './factories.ts';

/**
 * Curvy members Kurvenreich's landers may show, each with a photo: the demo's network of its
 * own, so these are its only public members (the video lander's clip needs four). Answers each
 * one's photo, whose files a test may replace with an image ffmpeg reads.
 */
export async function publicCurvyMembers(make: Factories, dataDir: string, count = 4): Promise<TestPhoto[]> {
  const photos: TestPhoto[] = [];
  for (let i = 0; i < count; i++) {
    const member = await make.member({
      site: DEMO.curvy,
      gender: 'female',
      seeking: 'male',
      birthdate: '1980-04-02',
    });
    photos.push(await make.photo(member, { dataDir }));
    await make.updateProfile(member, { public_consent: 1, body_type: 'fat', last_active_at: Date.now() });
  }
  return photos;
}
