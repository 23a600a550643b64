import { formatKr } from '@client/lib/format';
import { COMMUNITY_RULES } from '@common/community-rules';
import { PRO_PRICE_SEK } from '@common/limits';
import { Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LegalPage, LegalSection } from '../components/legal-page';

/** /villkor: membership, Pro, events and the numbered community rules moderators refer to. */
export function TermsPage() {
  return (
    <LegalPage title="Villkor" updated="23 november 2026">
      <LegalSection title="Medlemskap">
        <Text>
          Medlemskapet är gratis och för dig som är minst 18 år. Du ansvarar för det du skriver och laddar
          upp, och för att uppgifterna i din profil stämmer. Du kan när som helst radera ditt konto på din
          profil.
        </Text>
      </LegalSection>
      <LegalSection title="Pro-medlemskap">
        <Text>
          Pro kostar {formatKr(PRO_PRICE_SEK)} i månaden och ger rätt att anmäla sig till evenemang. Det
          förnyas varje månad tills du avslutar det; det gäller då perioden ut. Har du köpt Pro på sajten har
          du 14 dagars ångerrätt: välj &quot;Ångra köpet&quot; på din profil. Du får tillbaka hela beloppet,
          minus en proportionell del för dagarna du använt om du bett att medlemskapet skulle börja direkt.
          Ett kvitto skickas med e-post.
        </Text>
      </LegalSection>
      <LegalSection title="Evenemang och resor">
        <Text>
          Varje evenemang anger pris, sista anmälningsdag och eventuell sista dag för avbokning. Avbokar du
          efter den dagen kan en avgift tas ut; den faller bort om någon från reservlistan tar din plats. Blir
          en plats ledig erbjuds den till den som står först i kön, som har en viss tid på sig att tacka ja.
          Betalar du avgiften på sajten sker det med kort eller Swish via Stripe.
        </Text>
      </LegalSection>
      <LegalSection title="Regler för mötesplatsen" id="regler">
        <List type="ordered" spacing={6}>
          {COMMUNITY_RULES.map((rule) => (
            <List.Item key={rule.id} id={`regel-${rule.id}`}>
              <Text span fw={700}>
                {rule.title}.
              </Text>{' '}
              {rule.text}
            </List.Item>
          ))}
        </List>
      </LegalSection>
      <LegalSection title="Anmälningar och beslut">
        <Text>
          Den som bryter mot reglerna kan varnas, få innehåll borttaget eller stängas av. Beslutet skickas med
          e-post med skälen: vad som gäller, vilken regel och hur du överklagar. Vill du överklaga svarar du
          på e-postmeddelandet eller skriver till{' '}
          <Anchor href="mailto:info@singelgolf.se">info@singelgolf.se</Anchor> inom sex månader; en annan
          administratör prövar ärendet.
        </Text>
        <Text>
          Hur vi hanterar dina uppgifter står i{' '}
          <Anchor component={Link} to="/integritetspolicy">
            integritetspolicyn
          </Anchor>
          .
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
