import { List, Text } from '@mantine/core';
import { LegalPage, LegalSection } from '../components/legal-page';

/** /sakerhetstips: advice for meeting someone from the site, and the site's own safety tools. */
export function SafetyTipsPage() {
  return (
    <LegalPage title="Säkerhetstips" updated="23 november 2026">
      <Text>
        De flesta möten som börjar på Singelgolf blir trevliga rundor och nya vänskaper. Här är några råd som
        gör det tryggt att träffa någon du lärt känna här.
      </Text>
      <LegalSection title="Innan ni ses">
        <List spacing={4}>
          <List.Item>
            Skriv med varandra här på sajten en tid innan du lämnar ut telefonnummer eller adress.
          </List.Item>
          <List.Item>
            Skicka aldrig pengar eller kortuppgifter till någon du lärt känna här, hur bra historien än är.
          </List.Item>
          <List.Item>
            Var försiktig med att dela bilder eller uppgifter som du inte vill ska spridas.
          </List.Item>
        </List>
      </LegalSection>
      <LegalSection title="När ni ses">
        <List spacing={4}>
          <List.Item>
            Träffas första gången på en offentlig plats – en bana, en klubbrestaurang eller ett av våra
            evenemang.
          </List.Item>
          <List.Item>
            Berätta för en vän var du ska och med vem, och ta dig dit och hem på egen hand.
          </List.Item>
          <List.Item>Lita på din magkänsla. Du får alltid gå därifrån.</List.Item>
        </List>
      </LegalSection>
      <LegalSection title="Om något känns fel">
        <List spacing={4}>
          <List.Item>
            Blockera: på en medlems profil väljer du Blockera. Ni ser då inte varandra i medlemslistan och kan
            inte skriva till varandra. Den du blockerar får inte veta det.
          </List.Item>
          <List.Item>
            Rapportera: profiler, meddelanden, inlägg i gruppchattar och bilder kan rapporteras. Du får en
            bekräftelse och besked om vad vi beslutat.
          </List.Item>
          <List.Item>
            Under Integritet på din profil väljer du vem som får skriva till dig och om du syns i
            medlemslistan.
          </List.Item>
          <List.Item>Är någon i fara: ring 112. Vid brott: polisen på 114 14.</List.Item>
        </List>
      </LegalSection>
    </LegalPage>
  );
}
