package text

import (
	"strings"
	"sync"
)

// stopWords holds, per Snowball language, the function words that carry no
// topic and are therefore never terms. Words are lower case, with the ASCII
// apostrophe; each list is written out below in alphabetical order. The
// sets are built on first use: a command that analyses no text (`vigil
// fetch`) neither builds nor holds them.
var stopWords = sync.OnceValue(func() map[string]map[string]struct{} {
	return map[string]map[string]struct{}{
		English:   wordSet(englishStopWords),
		French:    wordSet(frenchStopWords),
		Spanish:   wordSet(spanishStopWords),
		Russian:   wordSet(russianStopWords),
		Swedish:   wordSet(swedishStopWords),
		Norwegian: wordSet(norwegianStopWords),
		Hungarian: wordSet(hungarianStopWords),
		// Languages without a stemmer, in stopwords_unstemmed.go.
		Italian:    wordSet(italianStopWords),
		German:     wordSet(germanStopWords),
		Dutch:      wordSet(dutchStopWords),
		Portuguese: wordSet(portugueseStopWords),
		Polish:     wordSet(polishStopWords),
	}
})

// IsStopWord reports whether word is a stop word of language. The language
// is resolved like Config.Language (a Snowball name or a tag; empty or
// unsupported means English); word is compared lower-cased, with a
// typographic apostrophe (U+2019) read as "'".
func IsStopWord(language, word string) bool {
	word = strings.ToLower(strings.ReplaceAll(word, "\u2019", "'"))
	_, ok := stopWords()[resolveLanguage(language)][word]
	return ok
}

// wordSet builds a set from a whitespace-separated list of words.
func wordSet(list string) map[string]struct{} {
	words := strings.Fields(list)
	set := make(map[string]struct{}, len(words))
	for _, w := range words {
		set[w] = struct{}{}
	}
	return set
}

const englishStopWords = `
a about above across after again against all almost along
already also although always am among an and another any
are aren't around as at
be became because become been before being below between
both but by
can can't cannot could couldn't
did didn't do does doesn't doing don't down during
each either else even ever every
few for from further
had hadn't has hasn't have haven't having he he'd he'll he's her here here's
hers herself him himself his how however
i i'd i'll i'm i've if in into is isn't it it'd it'll it's its itself
just
let's ll
may me might more most much must mustn't my myself
no nor not now
of off on once one only onto or other others our ours
ourselves out over own
per
rather re
same shall shan't she she'd she'll she's should shouldn't since so some
still such
than that that's the their theirs them themselves then there there's
these they they'd they'll they're they've this those
though through thus to too toward towards
under unless until up upon us
ve very via
was wasn't we we'd we'll we're we've were weren't what what's when
where where's whereas whether which while who who's
whom whose why will with within without won't would wouldn't
yet you you'd you'll you're you've your yours yourself yourselves
`

const frenchStopWords = `
afin ai aie aient ainsi alors as au aucun aucune aussi autre autres aux avaient
avais avait avant avec avez aviez avions avoir avons ayant
c'est car ce ceci cela celle celles celui cependant certains ces cet cette
ceux chaque chez comme comment
dans de depuis des deux donc dont du
elle elles en encore entre es est et étaient étais était été être eu eux
fait faire
il ils
je jusqu
la le les leur leurs lors lui
ma mais me même mêmes mes moi moins mon
ne ni nos notre nous
on ont ou où
par parce pas peu peut plus pour pourquoi puis
qu quand que quel quelle quelles quels qui quoi
sa sans se selon ses si sinon soit son sont sous suis sur
ta te tes toi ton tous tout toute toutes très tu
un une
vers voici voilà vos votre vous
`

const spanishStopWords = `
al algo alguna algunas alguno algunos ante antes aquel aquella aquello aquí
así aunque
bien
cada como cómo con contra cual cuál cuando cuándo
de del desde donde dónde durante
el él ella ellas ello ellos en entre era eran es esa esas ese eso esos esta
está están estas este esto estos estoy
fue fueron
ha había han hasta hay
la las le les lo los
más me mi mí mientras mis mucho muchos muy
nada ni no nos nosotras nosotros nuestra nuestro
os otra otras otro otros
para pero poco por porque pues
que qué quien quién quienes
se sea ser si sí sido sin sobre son su sus
también tan tanto te ti todo todos tu tú tus
un una unas uno unos usted ustedes
vosotras vosotros vuestra vuestro
ya yo
`

const russianStopWords = `
а без более бы был была были было быть
в вам вас ведь весь во вот все всё всех вы
где да даже для до другой
его ее её ей ему если есть еще ещё
же
за здесь
и из или им их
к как какая какой когда кто куда
ли лишь
между меня мне много может можно мой моя мы
на над надо наш не него нее неё нет ни них ничего но ну
о об однако он она они оно от очень
по под после потом потому почему при про
раз
с сам свой себе себя со так также такой там тебя тем то тогда того тоже
только том тот ты
у уж уже
чем через что чтобы чуть
эта эти это этого этой этом этот эту
я
`

const swedishStopWords = `
alla allt att av
blev bli blir blivit
de dem den denna deras dess dessa det detta dig din dina ditt du där då
efter ej eller en er era ert ett
från för
ha hade han hans har henne hennes hon honom hur här
i icke ingen inom inte
jag ju
kan kunde
man med mellan men mig min mina mitt mot mycket
ni nu när något några
och om oss
på
samma sedan sig sin sina sitt själv skulle som så sådan sådana sådant
till
under upp ut utan
vad var vara varför varit varje vars vem vi vid vilka vilken vilket vår våra
vårt
än är åt över
`

const norwegianStopWords = `
alle at av
bare begge ble blei bli blir blitt både
da de deg dei deim deira deires dem den denne deres det dette di din disse
ditt du då
eg ein eit eitt eller elles en enn er et ett etter
for fordi fra før
ha hadde han hans har henne hennar hennes her hjå ho hoe honom hoss hun hva
hvem hver hvilke hvilken hvis hvor hvordan hvorfor
i ikke ikkje ingen inn
jeg
kan kom korleis kun kunne kva kvar kven kvifor
man mange me med medan meg meget mellom men mi min mine mitt mot mykje
ned no noe noen nokon noko nokre nå når
og også om opp oss over
på
samme seg selv si sia sidan siden sin sine sitt skal skulle slik so som
så sånn
til
um upp ut uten
var vart vere verte være vi vil ville vore vors vort vår vært
å
`

const hungarianStopWords = `
a abban ahhoz ahol aki akik akkor alatt amely amelyek amelyet ami amikor amit
amíg az azok azon azonban azt azért
be belül
csak
de
e egy egyes egyik egyéb együtt el elég előtt én és ez ezek ezen ezt ezért
fel felé
ha hanem hiszen hogy
illetve is itt
jól
kell keresztül ki kívül
le legyen lehet lesz lett
majd már meg mellett mely melyek mert mi mikor milyen minden mint mintha
mit most
nagyon néha nekem neki nem nincs
ott
pedig
rá
sem semmi sok szerint
talán tehát
úgy újra után
vagy vagyis valami valamint van vannak volna volt voltak
így
ő ők őket
`
