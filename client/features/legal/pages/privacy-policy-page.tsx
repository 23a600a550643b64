import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LegalPage, LegalSection } from '../components/legal-page';

/** /integritetspolicy: what the site stores about members, why, for how long, and their rights. */
export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Integritetspolicy" updated="23 november 2026">
      <Text>
        Singelgolf är en mötesplats för golfare som är singlar. Redan att du är medlem säger något om dig, och
        därför behandlar vi dina uppgifter varsamt. Här beskriver vi vilka uppgifter sajten sparar, varför,
        hur länge och vad du kan göra med dem.
      </Text>
      <LegalSection title="Vilka uppgifter vi sparar">
        <List spacing={4}>
          <List.Item>
            Konto: e-postadress, inloggning (lösenord sparas bara som ett saltat hashvärde) och eventuella
            säkerhetsnycklar (passkeys).
          </List.Item>
          <List.Item>
            Profil: det du själv fyller i – namn, användarnamn, ort, klubb, handicap, Golf-ID, födelsedatum,
            beskrivningar, intressen och profilbild.
          </List.Item>
          <List.Item>
            Anmälningar till evenemang, med historik över avbokningar, köplats, närvaro och betalningar.
          </List.Item>
          <List.Item>
            Kostpreferenser och allergier – bara om du uttryckligen samtycker när du anmäler dig. De visas
            endast för arrangörerna och raderas 30 dagar efter evenemanget.
          </List.Item>
          <List.Item>Meddelanden du skickar och tar emot, och inlägg i evenemangens gruppchattar.</List.Item>
          <List.Item>Notiser och dina val för e-post och pushnotiser.</List.Item>
          <List.Item>
            Betalningar: belopp, datum och status. Kortuppgifter hanteras av vår betalleverantör Stripe och
            når aldrig oss.
          </List.Item>
          <List.Item>
            Blockeringar och anmälningar du gör, och beslut om anmälningar som gäller dig.
          </List.Item>
        </List>
      </LegalSection>
      <LegalSection title="Varför">
        <Text>
          För att sköta ditt medlemskap och dina anmälningar (avtal), ta betalt och föra bokföring (rättslig
          förpliktelse), skicka de notiser du valt, och hålla mötesplatsen trygg: blockering, anmälan och
          moderering (berättigat intresse och EU:s förordning om digitala tjänster). Kostpreferenser behandlas
          bara med ditt samtycke, som du kan ta tillbaka genom att ta bort dem.
        </Text>
      </LegalSection>
      <LegalSection title="Vem som ser vad">
        <Text>
          Andra medlemmar ser din profil i medlemslistan, om du inte valt att döljas under Integritet på din
          profil. Deltagare i samma evenemang ser varandra. Kostpreferenser och betalningar ser bara
          administratörerna. Vi säljer aldrig uppgifter och visar ingen reklam.
        </Text>
      </LegalSection>
      <LegalSection title="Dina rättigheter">
        <List spacing={4}>
          <List.Item>
            Ladda ner allt vi har om dig med &quot;Ladda ner mina uppgifter&quot; på din profil.
          </List.Item>
          <List.Item>Rätta dina uppgifter när som helst i profilen.</List.Item>
          <List.Item>
            Radera ditt konto på profilen. Profil, bilder, kostuppgifter och inloggning raderas; det
            bokföringen kräver sparas utan namn. Dina meddelanden visas då som från &quot;Borttagen
            medlem&quot;.
          </List.Item>
          <List.Item>
            Klaga hos Integritetsskyddsmyndigheten (IMY) om du tycker att vi hanterar dina uppgifter fel.
          </List.Item>
        </List>
      </LegalSection>
      <LegalSection title="Cookies" id="cookies">
        <Text>
          Sajten använder en enda cookie: sessionscookien som håller dig inloggad. Den är nödvändig och
          används inte för spårning. Vi använder inga analys- eller reklamcookies.
        </Text>
      </LegalSection>
      <LegalSection title="Kontakt">
        <Text>
          Personuppgiftsansvarig är Singelgolf, Box 123, 111 22 Stockholm,{' '}
          <Anchor href="mailto:info@singelgolf.se">info@singelgolf.se</Anchor>. Läs också våra{' '}
          <Anchor component={Link} to="/villkor">
            villkor
          </Anchor>{' '}
          och{' '}
          <Anchor component={Link} to="/sakerhetstips">
            säkerhetstips
          </Anchor>
          .
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
