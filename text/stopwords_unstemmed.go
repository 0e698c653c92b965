package text

// Stop lists of the languages that have no stemmer here (see stemmerOf):
// their words are kept as written, but their function words are dropped
// and DetectLanguage recognises them. Each list is written from the
// language's articles, pronouns, prepositions with their contracted forms
// (the part before an apostrophe too: "dell" of "dell'anno"), conjunctions
// and the commonest forms of its auxiliary verbs, in alphabetical order.

const italianStopWords = `
a abbiamo ad agli ai al all alla alle allo anche ancora avere aveva avevano
c'è che chi ci coi col come con contro così cui
da dagli dai dal dall dalla dalle dallo degli dei del dell della delle dello di dopo dove
e è ed era erano essere
fa fare fino fra già gli
ha hanno ho
i il in io
la le lei li lo loro lui
ma mi mia mie miei mio molto
ne negli nei nel nell nella nelle nello noi non nostra nostro
o ogni
per perché più poi può
quale quando quanto quella quelle quelli quello questa queste questi questo
se sei sempre senza si sia siamo solo sono stata stati stato su sua sue sugli sui
sul sull sulla sulle suo suoi
tra tu tutti tutto
un una uno
voi
`

const germanStopWords = `
aber alle allem allen aller alles als also am an andere anderen auch auf aus
bei beim bin bis bist
da damit dann das dass dem den denn der des dessen die dies diese diesem diesen
dieser dieses doch dort du durch
ein eine einem einen einer eines er es etwas euch euer
für
gegen gewesen
habe haben hat hatte hatten hier hinter
ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im in ist
ja jede jedem jeden jeder jedes jetzt
kann kein keine können könnte
man mehr mein meine mich mir mit muss
nach nicht nichts noch nun nur
ob oder ohne
schon sehr sein seine seinem seinen seiner sich sie sind so soll sollte sondern
über um und uns unser unter
viel vom von vor
war waren warum was weil welche wenn wer werden wie wieder wir wird wo wurde wurden
zu zum zur zwischen
`

const dutchStopWords = `
aan al alle alles als altijd andere
ben bij bijna
daar dan dat de der deze die dit doch doen door dus
een eens en er
geen geweest
haar had heb hebben heeft hem het hier hij hoe hun
iemand iets ik in is
ja je jij jou jullie
kan kon kunnen
maar me meer men met mij mijn moet
na naar niet niets nog nu
of om omdat ons onze ook op over
reeds
te tegen toch toen tot
uit uw
van veel voor
want waren was wat we wel werd wie wij wil worden wordt
zal ze zei zelf zich zij zijn zo zonder zou
`

const portugueseStopWords = `
a ao aos aquela aquele aqueles as até às
com como
da das de dela dele deles depois do dos
e é ela elas ele eles em entre era essa esse esta está estão este eu
foi for foram
há
isso isto
já
lhe lhes
mais mas me mesmo meu minha muito
na não nas nem no nos nós
o os ou
para pela pelas pelo pelos por
quando que quem
se sem ser seu seus sua suas são
também te tem têm ter
um uma umas uns
você vocês
`

const polishStopWords = `
a aby ale
bardzo bez bo by był była było były być
ci co czy
dla do
gdy gdzie go
i ich im
ja jak jako jednak jego jej jest jestem jeszcze już
każdy kiedy kto która które którego który
lub
ma mi mnie może mu my
na nad nam nas nie nic nim
o od on ona one oni ono oraz
po pod przed przez przy
sam się są
ta tak także tam te tego tej też to tu tylko tym
u
w we wszystko
z za ze że żeby
`
