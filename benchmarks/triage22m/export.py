# Export the triage22m corpora (docs/triage-issue22-m.md) to /tmp/corp11/<name>: .py files and .yaml/.yml/.json < 200 KB.
import subprocess, sys, os, io, tarfile
C10="/tmp/corp11"; G="/work/.mirror"
for r in sys.argv[1:]:
    n=r.split("+",1)[1]; g=f"{G}/{r}/repo"; os.makedirs(f"{C10}/{n}",exist_ok=True)
    out=subprocess.run(["git","--git-dir",g,"ls-tree","-r","-l","-z","HEAD"],capture_output=True,check=True).stdout.decode()
    paths=[]
    for ent in out.split("\0"):
        if not ent: continue
        meta,path=ent.split("\t",1); parts=meta.split()
        if parts[1]!="blob": continue
        if not parts[3].isdigit(): continue
        size=int(parts[3])
        if path.endswith(".py") or (path.endswith((".yaml",".yml",".json")) and size<204800):
            paths.append(path)
    arc=subprocess.run(["git","--git-dir",g,"archive","HEAD","--"]+[":(literal)"+p for p in paths],capture_output=True)
    if arc.returncode: print(n,"ERR",arc.stderr.decode()[:300])
    tarfile.open(fileobj=io.BytesIO(arc.stdout)).extractall(f"{C10}/{n}")
    head=subprocess.run(["git","--git-dir",g,"log","-1","--format=%H %cs","HEAD"],capture_output=True,text=True).stdout.strip()
    npy=sum(p.endswith(".py") for p in paths)
    print(n, head, "py=%d cfg=%d"%(npy,len(paths)-npy))
