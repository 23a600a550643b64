/** One of Sweden's 21 counties (län) and its municipalities (kommuner), as SCB lists them. */
export interface County {
  /** SCB's county code ('01' Stockholm ... '25' Norrbotten): the directory filter's value. */
  code: string;
  name: string;
  /** The municipalities by their short names ('Göteborg', not 'Göteborgs stad'), in SCB code order. */
  municipalities: readonly string[];
}
