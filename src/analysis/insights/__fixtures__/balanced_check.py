# make.sh: is the ranks_balanced recording quiet enough? shared.dat times within 12 % of their sum, no case
# above mean + 1 sigma and 15 %, none above 1.3 x the mean (per-case time of calls on the run's files). Exit 0 if so.
import re,sys,glob,statistics
def t(f, pat):
    s=0
    for l in open(f):
        if pat in l:
            m=re.search(r'<([0-9.]+)>$', l.strip())
            if m: s+=float(m.group(1))
    return s
fs=sorted(glob.glob('/tmp/insfx/ranks_balanced/*.st'))
sh=[t(f,'ranks_balanced/shared.dat') for f in fs]
app=[t(f,'/tmp/insfx/ranks_balanced/') for f in fs]
mean=sum(app)/len(app); sd=statistics.pstdev(app)
ok=(max(sh)-min(sh))/sum(sh) < 0.12 and not any(a > mean+sd and a > 1.15*mean for a in app) and max(app) < 1.3*mean
print([round(x*1000,2) for x in sh], [round(x*1000,2) for x in app], ok)
sys.exit(0 if ok else 1)
